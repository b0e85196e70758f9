import { useMutation, useQueryClient } from "@tanstack/react-query";
import { registrationKeys } from "@/lib/query-keys/registrations";
import { webinarKeys } from "@/lib/query-keys/webinars";
import { api } from "@/lib/api";
import { registrationResponseSchema } from "@/lib/coupons/schemas";

/**
 * POST /api/webinars/{id}/claim: a free webinar's seat (price 0) is marked
 * paid without a card, as a giveaway entry; no coupon is issued
 * (docs/product.md#free-webinars). 409 `not_free`, `sold_out`, `already_purchased`; 403 `watch_first`.
 */
async function claimSeat(webinarId: string): Promise<void> {
  await api.post(`/api/webinars/${encodeURIComponent(webinarId)}/claim`, undefined, {
    schema: registrationResponseSchema,
  });
}

export function useClaimSeat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimSeat,
    onSuccess: (_data, webinarId) =>
      // Awaited: the mutation stays pending until the page has the purchased registration.
      Promise.all([
        queryClient.invalidateQueries({ queryKey: registrationKeys.forWebinar(webinarId) }),
        queryClient.invalidateQueries({ queryKey: registrationKeys.mine() }),
        queryClient.invalidateQueries({ queryKey: webinarKeys.all }),
      ]),
  });
}
