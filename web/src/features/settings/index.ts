// Public surface of the site settings feature: the store's facts as the admin
// set them (header, footer, Contact page), page backgrounds, and the admin screen.
export { primeSiteInfo, useSiteInfo } from "./api/get-site-info";
export { primeBackgrounds, usePageBackground } from "./api/get-backgrounds";
export type { BackgroundPage, SiteInfo } from "./api/schemas";
export { addressLines, phoneHref } from "./lib/site-info";
export { useCouponPolicy, type CouponPolicy } from "./api/coupon-policy";

// Admin screen, loaded on first visit in its own chunk (app/router.tsx).
export const loadAdminSettingsPage = () =>
  import("./components/admin/admin-settings-page").then((m) => m.AdminSettingsPage);
