// Public surface of the coupons feature: the coupon offer and its admin screen.
export {
  PrintableCoupon,
  PrintCouponButton,
  usePrintCoupon,
  type PrintableCouponData,
} from "./components/printable-coupon";
export { couponDisplayStatus, type CouponDisplayStatus } from "./lib/coupon-status";
export { CouponValueParts } from "./components/coupon-value-parts";
export { couponValue, promotionalLabel, type CouponValueFields } from "./lib/coupon-value";

// Payment code: the coupon offer page and the watch page's purchase card, loaded on
// first visit in their own chunks (app/router.tsx), never on the public pages.
export const loadWebinarCouponPage = () =>
  import("./components/webinar-coupon-page").then((m) => m.WebinarCouponPage);
export const loadCouponPurchaseCard = () =>
  import("./components/coupon-purchase-card").then((m) => m.CouponPurchaseCard);

// Admin screen, loaded on first visit in its own chunk (app/router.tsx).
export const loadAdminCouponsPage = () =>
  import("./components/admin/admin-coupons-page").then((m) => m.AdminCouponsPage);
