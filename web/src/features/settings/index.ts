// Public surface of the site settings feature: the store's facts as the admin
// set them (header, footer, Contact page), page backgrounds, and the admin screen.
export { primeBackgrounds, usePageBackground } from "./api/get-backgrounds";
export type { BackgroundPage } from "./api/schemas";

// Admin screen, loaded on first visit in its own chunk (app/router.tsx).
export const loadAdminSettingsPage = () =>
  import("./components/admin/admin-settings-page").then((m) => m.AdminSettingsPage);
