// Public surface of the webinars feature for the app shell and other features.
export type { AdminWebinar, Webinar } from "./api/schemas";
export { useWebinar } from "./api/get-webinar";
export { useAdminWebinars } from "./api/get-admin-webinars";
export { webinarKeys } from "./api/keys";
export { HomePage } from "./components/home-page";
export { WebinarsPage } from "./components/webinars-page";
export { WebinarDetailPage } from "./components/webinar-detail-page";
export { webinarPath } from "./hooks/use-reserve-spot";
export { useStoreTimeZone } from "./hooks/use-store-time-zone";
export { formatEventDate, formatMoney, formatPrice } from "./lib/format";

// Admin screens, loaded on first visit in their own chunks (app/router.tsx).
export const loadAdminWebinarsPage = () =>
  import("./components/admin/admin-webinars-page").then((m) => m.AdminWebinarsPage);
export const loadAdminWebinarsManagementPage = () =>
  import("./components/admin/admin-webinars-management-page").then((m) => m.AdminWebinarsManagementPage);
