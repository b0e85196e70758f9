import { z } from "@/lib/zod";

/** GET /api/admin/waitlist: per webinar, how many wait and how many hold an offer; absent when nobody does. */
export const waitlistCountsSchema = z.object({
  webinars: z.record(z.string(), z.object({ waiting: z.number(), offered: z.number().default(0) })),
});
export type WaitlistCounts = z.infer<typeof waitlistCountsSchema>;

/**
 * One person on a webinar's waiting list (GET /api/admin/webinars/{id}/waitlist): those holding an
 * offered seat first, then the people waiting in order (`position`, 1 is next; null while offered).
 */
export const waitlistEntrySchema = z.object({
  position: z.number().nullish(),
  user_id: z.string(),
  name: z.string().nullish(),
  email: z.string(),
  /** "waiting", or "offered" while a seat is held for them. */
  status: z.string(),
  joined_at: z.string(),
  offer_expires_at: z.string().nullish(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;
export const waitlistEntriesSchema = z.object({ entries: z.array(waitlistEntrySchema) });
