// Public surface of the admin feature: the dashboard that links the domains' admin screens.
// Loaded on first visit, in its own chunk (app/router.tsx).
export const loadAdminDashboardPage = () =>
  import("./components/admin-dashboard-page").then((m) => m.AdminDashboardPage);
