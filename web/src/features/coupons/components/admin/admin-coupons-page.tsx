import { PlaceholderPage } from "@/components/layout/placeholder-page";

/** "/admin/coupons" (admin only). Placeholder until coupon management lands. */
export function AdminCouponsPage() {
  return <PlaceholderPage title="Manage Coupons" message="Coupon management is coming soon." />;
}
