import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, isApiError } from "@/lib/api";
import { adminCouponResponseSchema } from "./admin-schemas";
import { couponKeys } from "@/lib/query-keys/coupons";

/** 'Mark Redeemed' (active → used) or 'Cancel Redemption' (used → active). */
export type RedemptionAction = "redeem" | "cancel-redemption";

/**
 * POST /api/admin/coupons/{id}/redeem or …/cancel-redemption (admin). Each is
 * one conditional update on the server, so a second clerk gets 409
 * (`already_redeemed`, `not_redeemed`, `coupon_expired`) with a message to show.
 */
function updateRedemption({ id, action }: { id: string; action: RedemptionAction }) {
  return api.post(`/api/admin/coupons/${encodeURIComponent(id)}/${action}`, undefined, {
    schema: adminCouponResponseSchema,
  });
}

export function useUpdateCouponRedemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRedemption,
    // Success changes a row; a 409 or 404 means the list is out of date
    // (another clerk, or the coupon expired): either way, read it again.
    onSettled: (_data, error) => {
      if (error && !(isApiError(error) && (error.status === 409 || error.status === 404))) return;
      return queryClient.invalidateQueries({ queryKey: couponKeys.all });
    },
  });
}
