// My Dashboard (app/ composes it: coupons, registrations, reminders and the security panel of the features).
// Signed-in page, loaded on first visit in its own chunk (app/router.tsx).
export const loadDashboardPage = () => import("./dashboard-page").then((m) => m.DashboardPage);
