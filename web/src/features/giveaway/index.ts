// Public surface of the giveaway feature.
// Admin screen, loaded on first visit in its own chunk (app/router.tsx).
export const loadAdminGiveawayWinnersPage = () =>
  import("./components/admin/admin-giveaway-winners-page").then((m) => m.AdminGiveawayWinnersPage);
