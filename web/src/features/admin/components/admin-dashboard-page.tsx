import { PlaceholderPage } from "@/components/layout/placeholder-page";

/** "/admin" (admin only). Placeholder until the admin feature lands. */
export function AdminDashboardPage() {
  return <PlaceholderPage title="Admin Dashboard" message="The admin dashboard is coming soon." />;
}
