// Public surface of the site settings feature.
// Admin screen, loaded on first visit in its own chunk (app/router.tsx).
export const loadAdminSettingsPage = () =>
  import("./components/admin/admin-settings-page").then((m) => m.AdminSettingsPage);
