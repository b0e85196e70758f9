import { PlaceholderPage } from "@/components/layout/placeholder-page";

/** "/admin/webinars" (admin only). Placeholder until the admin feature lands. */
export function AdminWebinarsPage() {
  return <PlaceholderPage title="Manage Webinars" message="Webinar management is coming soon." />;
}
