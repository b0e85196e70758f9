import { z } from "@/lib/zod";

/**
 * What the counter learns about a coupon (docs/api.md#counter): money in
 * cents, times RFC 3339 UTC, the owner's display name only (never an e-mail
 * or phone). `can_undo`: this account may take the redemption back now.
 */
export const counterCouponSchema = z.object({
  id: z.string(),
  code: z.string(),
  value_cents: z.number().int(),
  min_purchase_cents: z.number().int(),
  owner_name: z.string().nullish().transform((v) => v || "Unknown"),
  webinar_title: z.string().nullish().transform((v) => v || "Unknown Webinar"),
  issued_at: z.string(),
  expires_at: z.string(),
  redeemed_at: z.string().nullish().transform((v) => v ?? null),
  redeemed_by_name: z.string().nullish().transform((v) => v || null),
  redeemed_by_me: z.boolean(),
  can_undo: z.boolean(),
  /** The clerk owns this coupon, so the server refuses their redemption (docs/api.md#counter). */
  own_coupon: z.boolean().optional(),
  // The value policy (docs/api.md#coupon-value): today's value is what the
  // clerk takes off; optional so an older answer reads as one Whole value.
  value_policy: z.enum(["whole", "split"]).optional(),
  /** The paid value never expires: expires_at and paid_until are 9999-12-31 (lib/coupons/expiry.ts). */
  paid_never_expires: z.boolean().optional(),
  value_today_cents: z.number().int().optional(),
  paid_cents: z.number().int().optional(),
  bonus_cents: z.number().int().optional(),
  paid_until: z.string().optional(),
  bonus_until: z.string().optional(),
  bonus_expired: z.boolean().optional(),
  redeemed_value_cents: z.number().int().nullish(),
  /** The store's POS receipt number of the sale it paid for ("" when none; docs/api.md#counter). */
  pos_receipt: z.string().optional(),
});
export type CounterCoupon = z.infer<typeof counterCouponSchema>;

/** GET /api/counter/coupons/{code}, and the answer of …/redeem and …/unredeem. */
export const counterLookupSchema = z.object({
  verdict: z.enum(["valid", "redeemed", "expired", "refunded", "disputed"]),
  coupon: counterCouponSchema,
  /** Redeeming needs the POS sale's receipt number (the owner's setting). */
  pos_receipt_required: z.boolean().optional(),
});
export type CounterLookup = z.infer<typeof counterLookupSchema>;
