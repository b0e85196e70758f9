import { api } from "@/lib/api";
import { confirmedPurchaseSchema, type ConfirmedPurchase } from "@/lib/coupons/schemas";

/**
 * POST /api/payments/confirm (docs/api.md "Payments and coupons"): the server
 * asks the provider itself whether the payment succeeded, then issues the
 * coupon once; every replay answers the same coupon. 409
 * `payment_not_successful`, `payment_refunded`, `payment_mismatch`.
 */
export function confirmPurchase(paymentIntentId: string): Promise<ConfirmedPurchase> {
  return api.post("/api/payments/confirm", { paymentIntentId }, { schema: confirmedPurchaseSchema });
}
