import type { BadgeProps } from "@/components/ui/badge";

/** The coupon's stored status (docs/api.md: the server already turns a past-expiry active coupon into 'expired'). */
export type CouponStatus = "active" | "used" | "expired";

export type CouponDisplayStatus = {
  label: "Redeemed" | "Expired" | "Valid";
  /** Dashboard badge colours (docs/product.md §5): blue used, grey expired, green active and unexpired. */
  variant: NonNullable<BadgeProps["variant"]>;
};

/**
 * The status a coupon shows (docs/product.md §5): used = 'Redeemed'; else 'Expired'
 * when the server says so or expires_at has passed (a list can be up to
 * 5 minutes old); else 'Valid'.
 */
export function couponDisplayStatus(
  coupon: { status: CouponStatus | string; expires_at: string },
  now: Date = new Date(),
): CouponDisplayStatus {
  if (coupon.status === "used") return { label: "Redeemed", variant: "info" };
  const expires = Date.parse(coupon.expires_at);
  if (coupon.status === "expired" || (!Number.isNaN(expires) && expires <= now.getTime())) {
    return { label: "Expired", variant: "secondary" };
  }
  return { label: "Valid", variant: "success" };
}
