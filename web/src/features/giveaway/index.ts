// Public surface of the giveaway feature.
// Parts app/ puts into other features' pages (app/composed-pages.tsx), loaded with those pages.
export const loadGiveawayEntryCard = () =>
  import("./components/giveaway-entry-card").then((m) => m.GiveawayEntryCard);
export const loadGiveawayRulesForm = () =>
  import("./components/admin/giveaway-rules-form").then((m) => m.GiveawayRulesForm);
export const loadGiveawayTermsButton = () =>
  import("./components/admin/giveaway-terms-button").then((m) => m.GiveawayTermsButton);

// Pages, loaded on first visit in their own chunks (app/router.tsx).
export const loadGiveawayRulesPage = () =>
  import("./components/giveaway-rules-page").then((m) => m.GiveawayRulesPage);
export const loadDrawProofPage = () => import("./components/draw-proof-page").then((m) => m.DrawProofPage);
export const loadAdminGiveawayWinnersPage = () =>
  import("./components/admin/admin-giveaway-winners-page").then((m) => m.AdminGiveawayWinnersPage);
