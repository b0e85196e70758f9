import { couponKeys } from "@/lib/query-keys/coupons";

/**
 * Query keys of the admin coupon list, under ["coupons"] so that invalidating
 * `couponKeys.all` refreshes it as well.
 */
export const adminCouponKeys = {
  all: [...couponKeys.all, "admin"] as const,
  lists: () => [...adminCouponKeys.all, "list"] as const,
  /** One search (already trimmed; "" lists everything), of one status ("" for all). */
  list: (search: string, status = "") => [...adminCouponKeys.lists(), search, status] as const,
};
