import { z, zm } from "@/lib/zod";
import { couponSchema } from "@/lib/coupons/schemas";

/**
 * A coupon as the admin list shows it (docs/api.md#admin-coupons): the
 * coupon plus its owner's e-mail, null when the account was deleted
 * ('Unknown'); a missing webinar's title reads 'Unknown Webinar' (docs/product.md#admin-screens).
 * `redeemed_by_name`: who redeemed it (staff or admin), null when not
 * redeemed or not known (docs/api.md#counter).
 */
export const adminCouponSchema = zm.extend(couponSchema, {
  user_email: z.string().nullish().transform((v) => v || null),
  redeemed_by_name: z.string().nullish().transform((v) => v || null),
  /** A card payment is behind it: refundable while valid (docs/api.md#refunds). */
  paid_by_card: z.boolean().optional().default(false),
  /** It was redeemed at some time, even if the redemption was cancelled: a refund needs a reason. */
  ever_redeemed: z.boolean().optional().default(false),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

/**
 * GET /api/admin/coupons: a page, newest first, whether another follows and
 * the cursor that starts it (null on the last page).
 */
export const adminCouponPageSchema = z.object({
  coupons: z.array(adminCouponSchema),
  has_more: z.boolean().optional().default(false),
  next_cursor: z.string().nullish().transform((v) => v ?? null),
});
export type AdminCouponPage = z.infer<typeof adminCouponPageSchema>;

/** POST …/redeem and …/cancel-redemption: the coupon after the change. */
export const adminCouponResponseSchema = z.object({ coupon: z.object({ id: z.string(), status: z.string() }).loose() });

/** POST …/refund: the coupon after the refund and the amount given back. */
export const refundResponseSchema = z.object({
  coupon: z.object({ id: z.string(), code: z.string(), status: z.string() }).loose(),
  refunded: z.number(),
  refunded_cents: z.number(),
});
export type RefundResponse = z.infer<typeof refundResponseSchema>;
