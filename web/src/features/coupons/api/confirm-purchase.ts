import { api } from "@/lib/api";
import { confirmedPurchaseSchema, type ConfirmedPurchase } from "@/lib/coupons/schemas";

/**
 * POST /api/payments/confirm (docs/api.md#payments-and-coupons): the server
 * asks the provider itself whether the payment succeeded, then issues the
 * coupon once; every replay answers the same coupon. 409
 * `payment_not_successful`, `payment_refunded`, `payment_mismatch`.
 */
export function confirmPurchase(paymentIntentId: string, opaqueData?: OpaqueData): Promise<ConfirmedPurchase> {
  const body = opaqueData ? { paymentIntentId, opaqueData } : { paymentIntentId };
  return api.post("/api/payments/confirm", body, { schema: confirmedPurchaseSchema });
}

/**
 * Accept.js's one-time card token (Authorize.Net): the server charges it in
 * the confirm call; the card number itself never reaches watchwin.
 */
export type OpaqueData = { dataDescriptor: string; dataValue: string };
