import { useMutation, useQueryClient } from "@tanstack/react-query";
import { registrationKeys } from "@/lib/query-keys/registrations";
import { webinarKeys } from "@/lib/query-keys/webinars";
import { api } from "@/lib/api";
import { couponKeys } from "@/lib/query-keys/coupons";
import { registrationResponseSchema } from "@/lib/coupons/schemas";

/**
 * POST /api/admin/webinars/{id}/simulated-purchase (admins only, 'DEV:
 * Simulate Successful Payment'): marks the admin's own registration
 * purchased under the seat rule; no coupon, no money. 409 `sold_out`, 404
 * 'Registration not found'.
 */
async function simulatePurchase(webinarId: string): Promise<void> {
  await api.post(
    `/api/admin/webinars/${encodeURIComponent(webinarId)}/simulated-purchase`,
    undefined,
    { schema: registrationResponseSchema },
  );
}

export function useSimulatePurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: simulatePurchase,
    onSuccess: (_data, webinarId) =>
      // Awaited: the mutation stays pending until the page has the purchased registration.
      Promise.all([
        queryClient.invalidateQueries({ queryKey: registrationKeys.forWebinar(webinarId) }),
        queryClient.invalidateQueries({ queryKey: registrationKeys.mine() }),
        queryClient.invalidateQueries({ queryKey: couponKeys.all }),
        queryClient.invalidateQueries({ queryKey: webinarKeys.all }),
      ]),
  });
}
