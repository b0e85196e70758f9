import { PlaceholderPage } from "@/components/layout/placeholder-page";

/** "/migration-tool" (signed-in). Placeholder until the migration feature lands. */
export function MigrationToolPage() {
  return <PlaceholderPage title="Coupon Migration Tool" message="The coupon migration tool is coming soon." />;
}
