import { api } from "@/lib/api";
import { startedPaymentSchema, type StartedPayment } from "@/lib/coupons/schemas";

/**
 * POST /api/webinars/{id}/payments (docs/api.md#payments-and-coupons): the
 * server computes the amount and holds a seat until `hold_expires_at`;
 * starting again while a payment is open returns the same one. Refusals
 * (docs/api.md): 403 `watch_first`, 409 `already_purchased`, `sold_out`,
 * `free_webinar`, 503 `payment_unavailable`.
 */
export function startPayment(webinarId: string): Promise<StartedPayment> {
  return api.post(`/api/webinars/${encodeURIComponent(webinarId)}/payments`, undefined, {
    schema: startedPaymentSchema,
  });
}
