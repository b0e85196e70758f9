// Public surface of the giveaway feature.
export { GiveawayEntryCard } from "./components/giveaway-entry-card";
export { GiveawayRulesForm } from "./components/admin/giveaway-rules-form";
export { GiveawayTermsButton } from "./components/admin/giveaway-terms-button";

// Pages, loaded on first visit in their own chunks (app/router.tsx).
export const loadGiveawayRulesPage = () =>
  import("./components/giveaway-rules-page").then((m) => m.GiveawayRulesPage);
export const loadDrawProofPage = () => import("./components/draw-proof-page").then((m) => m.DrawProofPage);
export const loadAdminGiveawayWinnersPage = () =>
  import("./components/admin/admin-giveaway-winners-page").then((m) => m.AdminGiveawayWinnersPage);
