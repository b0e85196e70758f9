import { PlaceholderPage } from "@/components/layout/placeholder-page";

/**
 * "/admin" (admin only). Placeholder until the admin dashboard lands. It links
 * to other features' screens and may use them only through their index.ts.
 */
export function AdminDashboardPage() {
  return <PlaceholderPage title="Admin Dashboard" message="The admin dashboard is coming soon." />;
}
