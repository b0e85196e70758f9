import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { retryTransient } from "@/lib/retry";
import { couponKeys } from "@/lib/query-keys/coupons";
import { couponListSchema, type Coupon } from "./schemas";

/** GET /api/coupons: my coupons, newest first, each with its webinar's title and displayed status. */
async function getMyCoupons(signal?: AbortSignal): Promise<Coupon[]> {
  const { coupons } = await api.get("/api/coupons", { schema: couponListSchema, signal });
  return coupons;
}

/** docs/product.md#timings-and-constants: coupons are stale after 5 minutes. */
const myCouponsQueryOptions = () =>
  queryOptions({
    queryKey: couponKeys.mine(),
    queryFn: ({ signal }) => getMyCoupons(signal),
    staleTime: 5 * 60_000,
    retry: retryTransient(1),
  });

/** My coupons (My Dashboard). */
export function useMyCoupons({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...myCouponsQueryOptions(), enabled });
}
