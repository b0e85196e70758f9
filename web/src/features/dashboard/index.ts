// Public surface of the user dashboard feature.
// Signed-in page, loaded on first visit in its own chunk (app/router.tsx).
export const loadDashboardPage = () => import("./components/dashboard-page").then((m) => m.DashboardPage);
