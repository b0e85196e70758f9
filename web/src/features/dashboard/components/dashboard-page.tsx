import { PlaceholderPage } from "@/components/layout/placeholder-page";

/** "/dashboard" (signed-in). Placeholder until the dashboard feature lands. */
export function DashboardPage() {
  return <PlaceholderPage title="My Dashboard" message="Your coupons and webinars are coming soon." />;
}
