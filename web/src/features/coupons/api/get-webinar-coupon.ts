import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { retryTransient } from "@/lib/retry";
import { couponKeys } from "@/lib/query-keys/coupons";
import { webinarCouponSchema, type Coupon } from "@/lib/coupons/schemas";

/** GET /api/webinars/{id}/coupon: my coupon for that webinar, or null when none was issued. */
async function getWebinarCoupon(webinarId: string, signal?: AbortSignal): Promise<Coupon | null> {
  const { coupon } = await api.get(`/api/webinars/${encodeURIComponent(webinarId)}/coupon`, {
    schema: webinarCouponSchema,
    signal,
  });
  return coupon;
}

/** docs/product.md#timings-and-constants: coupons are stale after 5 minutes. */
const webinarCouponQueryOptions = (webinarId: string) =>
  queryOptions({
    queryKey: couponKeys.forWebinar(webinarId),
    queryFn: ({ signal }) => getWebinarCoupon(webinarId, signal),
    staleTime: 5 * 60_000,
    retry: retryTransient(1),
  });

/** My coupon for a webinar; asks the server only when `enabled` (a signed-in user who bought it). */
export function useWebinarCoupon(webinarId: string | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...webinarCouponQueryOptions(webinarId ?? ""), enabled: enabled && Boolean(webinarId) });
}
