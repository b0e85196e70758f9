import { z } from "@/lib/zod";

/**
 * A coupon as the API shows it (docs/api.md "Payments and coupons"): money
 * in dollars beside the exact cents, times RFC 3339 UTC. `status` is the
 * displayed one (SPEC.md §4): 'used', 'expired' (active but past its
 * expiry) or 'active'.
 */
export const couponSchema = z.object({
  id: z.string(),
  code: z.string(),
  user_id: z.string(),
  webinar_id: z.string(),
  webinar_title: z.string().nullish().transform((v) => v || "Unknown Webinar"),
  webinar_registration_id: z.string(),
  value: z.number(),
  value_cents: z.number(),
  original_payment_amount: z.number(),
  original_payment_cents: z.number(),
  status: z.enum(["active", "used", "expired"]),
  created_at: z.string(),
  expires_at: z.string(),
  redeemed_at: z.string().nullish().transform((v) => v ?? null),
});
export type Coupon = z.infer<typeof couponSchema>;

/** GET /api/webinars/{id}/coupon: mine for that webinar, or null. */
export const webinarCouponSchema = z.object({ coupon: couponSchema.nullable() });

/** GET /api/coupons: mine, newest first. */
export const couponListSchema = z.object({ coupons: z.array(couponSchema) });

/**
 * POST /api/webinars/{id}/payments (SPEC.md §7 create-payment-intent): the
 * provider's intent id and client secret, which provider takes the card,
 * and the amounts the server computed.
 */
export const startedPaymentSchema = z.object({
  id: z.string(),
  clientSecret: z.string().nullish().transform((v) => v ?? ""),
  provider: z.string(),
  amount: z.number(),
  amount_cents: z.number(),
  couponValue: z.number(),
  coupon_value_cents: z.number(),
  hold_expires_at: z.string(),
});
export type StartedPayment = z.infer<typeof startedPaymentSchema>;

/** POST /api/payments/confirm (SPEC.md §7 confirm-coupon-purchase): code and expiresAt, with the whole coupon. */
export const confirmedPurchaseSchema = z.object({
  code: z.string(),
  expiresAt: z.string(),
  coupon: couponSchema,
});
export type ConfirmedPurchase = z.infer<typeof confirmedPurchaseSchema>;

/** POST /api/payments/test-intents/{id}/confirm: the test provider's answer for a good card. */
export const testIntentSchema = z.object({ id: z.string(), status: z.string() });

/** The answer of claim and simulated purchase: `{registration}`; the page refetches the registration itself. */
export const registrationResponseSchema = z.object({ registration: z.object({ purchased_coupon: z.boolean() }) });
