// Public surface of the coupons feature: the coupon offer and its admin screen.
export { WebinarCouponPage } from "./components/webinar-coupon-page";
export { CouponPurchaseCard } from "./components/coupon-purchase-card";
export {
  PrintableCoupon,
  PrintCouponButton,
  usePrintCoupon,
  type PrintableCouponData,
} from "./components/printable-coupon";
export { couponDisplayStatus, type CouponDisplayStatus } from "./lib/coupon-status";
export { useMyCoupons } from "./api/get-my-coupons";
export type { Coupon } from "./api/schemas";

// Admin screen, loaded on first visit in its own chunk (app/router.tsx).
export const loadAdminCouponsPage = () =>
  import("./components/admin/admin-coupons-page").then((m) => m.AdminCouponsPage);
