import { PlaceholderPage } from "@/components/layout/placeholder-page";

/** "/webinar/:webinarId/coupon" (public route, purchase needs login). Placeholder. */
export function WebinarCouponPage() {
  return <PlaceholderPage title="Your Coupon Offer" message="Coupon purchase is coming soon." />;
}
