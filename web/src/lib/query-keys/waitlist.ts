/**
 * Query keys of the waiting list (shared: the coupon page asks for my standing to know whether a
 * seat is held for me). Everything lives under ["waitlist"].
 */
export const waitlistKeys = {
  all: ["waitlist"] as const,
  standing: (webinarId: string) => [...waitlistKeys.all, "standing", webinarId] as const,
  admin: () => [...waitlistKeys.all, "admin"] as const,
  adminCounts: () => [...waitlistKeys.admin(), "counts"] as const,
  adminEntries: (webinarId: string) => [...waitlistKeys.admin(), "entries", webinarId] as const,
};
