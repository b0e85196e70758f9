import { z } from "@/lib/zod";

/** docs/api.md#follow-ups: who a follow-up goes to. */
export const SEGMENTS = ["left_before", "not_bought", "never_started"] as const;
export type Segment = (typeof SEGMENTS)[number];

export const templatesSchema = z.object({
  templates: z.array(z.object({ segment: z.enum(SEGMENTS), label: z.string(), subject: z.string(), body: z.string() })),
  placeholders: z.array(z.string()),
});
export type Templates = z.infer<typeof templatesSchema>;

const leftOutSchema = z.object({ recent: z.number(), unsubscribed: z.number() });

export const previewSchema = z.object({
  count: z.number(),
  recipients: z.array(
    z.object({ name: z.string(), email: z.string(), percent: z.number(), resume_seconds: z.number() }),
  ),
  left_out: leftOutSchema,
});
export type Preview = z.infer<typeof previewSchema>;

export const sentSchema = z.object({ id: z.string(), queued: z.number(), left_out: leftOutSchema });
export type Sent = z.infer<typeof sentSchema>;

export const historySchema = z.object({
  follow_ups: z.array(
    z.object({
      id: z.string(),
      segment: z.enum(SEGMENTS),
      percent: z.number().nullable(),
      days: z.number().nullable(),
      subject: z.string(),
      queued: z.number(),
      left_out: leftOutSchema,
      created_at: z.string(),
      came_back: z.number(),
      bought: z.number(),
    }),
  ),
});

/** A number field's text: a whole number from min to max. */
const wholeBetween = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .refine((v) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max, message);

/** The form (the server checks the same, and which placeholders are known). */
export const followUpFormSchema = z.object({
  webinar_id: z.string().min(1, "Choose a webinar."),
  segment: z.enum(SEGMENTS),
  percent: wholeBetween(1, 100, "Choose a point between 1 and 100 %."),
  days: wholeBetween(0, 90, "Choose between 0 and 90 days."),
  subject: z
    .string()
    .trim()
    .min(1, "Write the subject.")
    .max(150, "Keep the subject under 150 characters.")
    .refine((s) => !/[\r\n]/.test(s), "The subject is one line."),
  body: z.string().trim().min(1, "Write the body.").max(5000, "Keep the body under 5000 characters."),
});
export type FollowUpForm = z.infer<typeof followUpFormSchema>;
