import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { retryTransient } from "@/lib/retry";
import { zm } from "@/lib/zod";
import { settingsKeys } from "./keys";

/**
 * GET /api/settings/coupon-policy (anyone; docs/api.md#coupon-value): how
 * the value of a coupon issued now expires: Whole (all of it
 * `whole_expiry_days` after issue) or Split (the paid part `paid_years`,
 * or never when `paid_never_expires`; the bonus `bonus_days` as promotional value).
 */
export const couponPolicySchema = zm.object({
  policy: zm.enum(["whole", "split"]),
  paid_never_expires: zm._default(zm.boolean(), false),
  paid_years: zm.number(),
  bonus_days: zm.number(),
  whole_expiry_days: zm.number(),
});
export type CouponPolicy = zm.infer<typeof couponPolicySchema>;

/** What the admin's form sends (PUT /api/admin/settings/coupon-policy). */
export type CouponPolicyInput = Omit<CouponPolicy, "whole_expiry_days">;

const couponPolicyKey = () => [...settingsKeys.all, "coupon-policy"] as const;

export const couponPolicyQueryOptions = () =>
  queryOptions({
    queryKey: couponPolicyKey(),
    queryFn: ({ signal }) => api.get("/api/settings/coupon-policy", { schema: couponPolicySchema, signal }),
    staleTime: 60_000,
    retry: retryTransient(1),
  });

/** The policy of coupons issued now. */
export function useCouponPolicy() {
  return useQuery(couponPolicyQueryOptions());
}

/** PUT /api/admin/settings/coupon-policy ('Coupon value settings saved!'); 400 names the bad field. */
export function useSaveCouponPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CouponPolicyInput) => api.put("/api/admin/settings/coupon-policy", input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponPolicyKey() }),
  });
}
