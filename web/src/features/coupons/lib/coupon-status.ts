import type { BadgeProps } from "@/components/ui/badge";

/**
 * The coupon's stored status (docs/api.md: the server already turns a
 * past-expiry active coupon into 'expired'); 'refunding' while a refund is
 * asked of the payment provider, 'refunded' once made, 'disputed' once the
 * buyer disputed the payment with their bank (docs/api.md#refunds).
 */
export type CouponStatus = "active" | "used" | "expired" | "refunding" | "refunded" | "disputed";

export type CouponDisplayStatus = {
  label: "Redeemed" | "Expired" | "Valid" | "Refunded" | "Refund pending" | "Disputed";
  /**
   * Badge colours (docs/product.md#states-and-transitions): blue used, grey expired, green
   * active and unexpired; a refunded coupon is grey too, a lighter grey; a
   * disputed one is red.
   */
  variant: NonNullable<BadgeProps["variant"]>;
};

/**
 * The status a coupon shows (docs/product.md#states-and-transitions): used = 'Redeemed';
 * refunded = 'Refunded' (a refund under way: 'Refund pending'); disputed =
 * 'Disputed'; else
 * 'Expired' when the server says so or expires_at has passed (a list can be
 * up to 5 minutes old); else 'Valid'.
 */
export function couponDisplayStatus(
  coupon: { status: CouponStatus | string; expires_at: string },
  now: Date = new Date(),
): CouponDisplayStatus {
  if (coupon.status === "used") return { label: "Redeemed", variant: "info" };
  if (coupon.status === "refunded") return { label: "Refunded", variant: "muted" };
  if (coupon.status === "refunding") return { label: "Refund pending", variant: "muted" };
  if (coupon.status === "disputed") return { label: "Disputed", variant: "destructive" };
  const expires = Date.parse(coupon.expires_at);
  if (coupon.status === "expired" || (!Number.isNaN(expires) && expires <= now.getTime())) {
    return { label: "Expired", variant: "secondary" };
  }
  return { label: "Valid", variant: "success" };
}
