import { zm } from "@/lib/zod";

/**
 * My standing on a sold-out webinar's waiting list (docs/api.md#waiting-list): `position` (1 is
 * next) only while waiting, `offer_expires_at` only while a seat is held for me (offered).
 */
export const waitlistStandingSchema = zm.object({
  status: zm.enum(["none", "waiting", "offered"]),
  position: zm.pipe(
    zm.nullish(zm.number()),
    zm.transform((v) => v ?? null),
  ),
  waiting: zm._default(zm.number(), 0),
  offer_expires_at: zm.pipe(
    zm.nullish(zm.string()),
    zm.transform((v) => v || null),
  ),
  hold_hours: zm.optional(zm.number()),
});
export type WaitlistStanding = zm.infer<typeof waitlistStandingSchema>;
