import { zm } from "@/lib/zod";

/** A string that may be missing, with a fallback. */
const textOr = <T>(fallback: (v: string | null | undefined) => T) =>
  zm.pipe(zm.nullish(zm.string()), zm.transform(fallback));

/**
 * A coupon as the API shows it (docs/api.md#payments-and-coupons): money
 * in dollars beside the exact cents, times RFC 3339 UTC. `status` is the
 * displayed one (docs/product.md#states-and-transitions): 'used', 'expired' (active but past its
 * expiry), 'active', or after a refund 'refunding' then 'refunded'. zod/mini (see lib/zod.ts): the response shapes of
 * the signed-in pages share it.
 */
export const couponSchema = zm.object({
  id: zm.string(),
  code: zm.string(),
  user_id: zm.string(),
  webinar_id: zm.string(),
  webinar_title: textOr((v) => v || "Unknown Webinar"),
  webinar_registration_id: zm.string(),
  value: zm.number(),
  value_cents: zm.number(),
  original_payment_amount: zm.number(),
  original_payment_cents: zm.number(),
  status: zm.enum(["active", "used", "expired", "refunding", "refunded", "disputed"]),
  created_at: zm.string(),
  expires_at: zm.string(),
  redeemed_at: textOr((v) => v ?? null),
  refunded_at: textOr((v) => v ?? null),
  // The minimum purchases (twice the face value; twice the value today),
  // computed by the server only (docs/api.md#coupon-value).
  min_purchase: zm.number(),
  min_purchase_today: zm.number(),
  // The value policy's parts (docs/api.md#coupon-value); optional so an
  // answer from before them still reads (as one Whole value).
  value_policy: zm.optional(zm.enum(["whole", "split"])),
  // The paid value never expires: expires_at and paid_until are 9999-12-31 (lib/coupons/expiry.ts).
  paid_never_expires: zm.optional(zm.boolean()),
  paid_value: zm.optional(zm.number()),
  paid_until: zm.optional(zm.string()),
  bonus_value: zm.optional(zm.number()),
  bonus_until: zm.optional(zm.string()),
  value_today: zm.optional(zm.number()),
  bonus_expired: zm.optional(zm.boolean()),
});
export type Coupon = zm.infer<typeof couponSchema>;

/** GET /api/webinars/{id}/coupon: mine for that webinar, or null. */
export const webinarCouponSchema = zm.object({ coupon: zm.nullable(couponSchema) });

/** GET /api/coupons: mine, newest first. */
export const couponListSchema = zm.object({ coupons: zm.array(couponSchema) });

/**
 * POST /api/webinars/{id}/payments (docs/api.md#payments-and-coupons): the
 * provider's intent id and client secret, which provider takes the card,
 * and the amounts the server computed.
 */
export const startedPaymentSchema = zm.object({
  id: zm.string(),
  clientSecret: textOr((v) => v ?? ""),
  provider: zm.string(),
  amount: zm.number(),
  amount_cents: zm.number(),
  couponValue: zm.number(),
  coupon_value_cents: zm.number(),
  hold_expires_at: zm.string(),
});
export type StartedPayment = zm.infer<typeof startedPaymentSchema>;

/** POST /api/payments/confirm (docs/api.md#payments-and-coupons): code and expiresAt, with the whole coupon. */
export const confirmedPurchaseSchema = zm.object({
  code: zm.string(),
  expiresAt: zm.string(),
  coupon: couponSchema,
});
export type ConfirmedPurchase = zm.infer<typeof confirmedPurchaseSchema>;

/** POST /api/payments/test-intents/{id}/confirm: the test provider's answer for a good card. */
export const testIntentSchema = zm.object({ id: zm.string(), status: zm.string() });

/** The answer of claim and simulated purchase: `{registration}`; the page refetches the registration itself. */
export const registrationResponseSchema = zm.object({ registration: zm.object({ purchased_coupon: zm.boolean() }) });
