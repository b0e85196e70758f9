// Public surface of the webinars feature for the app shell and other features.
export { primeWebinars } from "./api/get-webinars";
export { HomePage } from "./components/home-page";
// The build's render of the first paint (app/server-render.tsx).
export { WebinarCard } from "./components/webinar-card";
export { EAGER_CARDS, FIRST_CARDS } from "./components/webinar-list";

// Public pages other than home, loaded on first visit in their own chunks (app/router.tsx).
export const loadWebinarsPage = () => import("./components/webinars-page").then((m) => m.WebinarsPage);
export const loadWebinarDetailPage = () =>
  import("./components/webinar-detail-page").then((m) => m.WebinarDetailPage);

// Admin screens, loaded on first visit in their own chunks (app/router.tsx).
export const loadAdminWebinarsPage = () =>
  import("./components/admin/admin-webinars-page").then((m) => m.AdminWebinarsPage);
export const loadAdminWebinarsManagementPage = () =>
  import("./components/admin/admin-webinars-management-page").then((m) => m.AdminWebinarsManagementPage);
