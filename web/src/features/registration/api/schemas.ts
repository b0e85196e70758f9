import { z } from "@/lib/zod";

/** A registration as the API shows it (docs/api.md "Registrations"; times RFC 3339 UTC). */
export const registrationSchema = z.object({
  id: z.string(),
  webinar_id: z.string(),
  user_id: z.string(),
  user_name_for_registration: z.string(),
  user_email_for_registration: z.string(),
  user_phone_for_registration: z.string().nullish().transform((v) => v ?? null),
  registration_time: z.string(),
  attended_live: z.boolean().default(false),
  watched_video_fully: z.boolean(),
  purchased_coupon: z.boolean(),
});
export type Registration = z.infer<typeof registrationSchema>;

/** GET …/registration: `{registration: null}` when not registered (an answer, not an error). */
export const registrationStatusSchema = z.object({ registration: registrationSchema.nullable() });

/** The answer of every call that returns one registration. */
export const registrationBodySchema = z.object({ registration: registrationSchema });

/** POST …/registrations: created false means the user was already registered. */
export const registerResponseSchema = z.object({
  registration: registrationSchema,
  created: z.boolean(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const videoSchema = z.object({ youtube_video_id: z.string() });

/** GET /api/registrations: mine, newest first, each with its webinar. */
export const myRegistrationSchema = registrationSchema.extend({
  webinar: z.object({ id: z.string(), title: z.string(), event_datetime: z.string() }),
});
export type MyRegistration = z.infer<typeof myRegistrationSchema>;
export const myRegistrationListSchema = z.object({ registrations: z.array(myRegistrationSchema) });

// The registration form (SPEC.md §5); the server checks the same rules with the same messages.
const messages = {
  name: "Name must be at least 2 characters",
  nameLong: "Name must be at most 100 characters",
  email: "Please enter a valid email address",
  phone: "Please enter a valid phone number",
} as const;

/** What people type as a phone number: digits, spaces, + - . ( ) and an extension (same as the server). */
const phonePattern = /^\+?[0-9 ().-]{7,25}((x|ext\.?) ?[0-9]{1,6})?$/;

export const registrationFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(2, { error: messages.name })
    .max(100, { error: messages.nameLong }),
  email: z.string().trim().pipe(z.email({ error: messages.email })),
  phone: z
    .string()
    .trim()
    .refine((v) => v === "" || (v.length <= 30 && phonePattern.test(v)), { error: messages.phone }),
});
export type RegistrationFormValues = z.input<typeof registrationFormSchema>;
export type RegistrationInput = z.output<typeof registrationFormSchema>;
