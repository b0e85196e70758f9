import { PlaceholderPage } from "@/components/layout/placeholder-page";

/** "/admin/settings" (admin only). Placeholder until site settings land. */
export function AdminSettingsPage() {
  return <PlaceholderPage title="Site Settings" message="Site settings are coming soon." />;
}
