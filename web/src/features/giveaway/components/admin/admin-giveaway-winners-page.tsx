import { PlaceholderPage } from "@/components/layout/placeholder-page";

/** "/admin/giveaway-winners" (admin only). Placeholder until the giveaway feature lands. */
export function AdminGiveawayWinnersPage() {
  return <PlaceholderPage title="Giveaway Winners" message="Giveaway winner management is coming soon." />;
}
