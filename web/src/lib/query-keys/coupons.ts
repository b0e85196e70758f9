/**
 * Query keys of the coupons feature. Everything lives under ["coupons"], so
 * invalidating `couponKeys.all` refreshes my list and each webinar's coupon.
 */
export const couponKeys = {
  all: ["coupons"] as const,
  mine: () => [...couponKeys.all, "mine"] as const,
  forWebinar: (webinarId: string) => [...couponKeys.all, "webinar", webinarId] as const,
  /** The mutation key of a webinar's payment steps (start, card, complete): one runs at a time. */
  payment: (webinarId: string) => [...couponKeys.all, "payment", webinarId] as const,
};
