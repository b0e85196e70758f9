import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, isApiError } from "@/lib/api";
import { refundResponseSchema } from "./admin-schemas";
import { couponKeys } from "@/lib/query-keys/coupons";

/**
 * POST /api/admin/coupons/{id}/refund (admin): the provider gives the card
 * payment back, the coupon becomes Refunded, its seat goes back on sale and
 * the buyer is e-mailed (docs/api.md#refunds). One idempotent operation: a
 * repeat answers the refunded coupon; 409 says why it cannot be refunded
 * (`coupon_redeemed`, `coupon_expired`, `refund_in_progress`, `coupon_disputed`,
 * `reason_required` for a coupon ever redeemed sent without a reason, …), 503
 * `refund_failed` that the provider did not refund and the coupon is still
 * active.
 */
function refundCoupon({ id, reason }: { id: string; reason?: string }) {
  return api.post(`/api/admin/coupons/${encodeURIComponent(id)}/refund`, reason ? { reason } : undefined, {
    schema: refundResponseSchema,
  });
}

export function useRefundCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundCoupon,
    // A success or a state conflict changes what the list should show.
    onSettled: (_data, error) => {
      if (error && !(isApiError(error) && [404, 409, 503].includes(error.status))) return;
      return queryClient.invalidateQueries({ queryKey: couponKeys.all });
    },
  });
}
