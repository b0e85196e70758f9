import { zm } from "@/lib/zod";

// Server shapes (docs/api.md). Lenient on optional profile columns. In
// zod/mini: the session is parsed on every first visit (see lib/zod.ts).
const userSchema = zm.object({
  id: zm.string(),
  email: zm.string(),
});
export type User = zm.infer<typeof userSchema>;

const profileSchema = zm.object({
  id: zm.string(),
  email: zm.string(),
  role: zm.string(),
  firstName: zm.nullish(zm.string()),
  lastName: zm.nullish(zm.string()),
  phoneNumber: zm.nullish(zm.string()),
});
export type Profile = zm.infer<typeof profileSchema>;

export const sessionSchema = zm.object({
  user: zm.nullable(userSchema),
  profile: zm.nullable(profileSchema),
  /** The session reaches only the second factor's enrolment (WATCHWIN_REQUIRE_2FA_FOR_STAFF). */
  enrolment_required: zm.optional(zm.boolean()),
});
export type Session = zm.infer<typeof sessionSchema>;

export const ANONYMOUS_SESSION: Session = { user: null, profile: null };
