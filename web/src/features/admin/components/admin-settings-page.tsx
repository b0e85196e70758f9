import { PlaceholderPage } from "@/components/layout/placeholder-page";

/** "/admin/settings" (admin only). Placeholder until the admin feature lands. */
export function AdminSettingsPage() {
  return <PlaceholderPage title="Site Settings" message="Site settings are coming soon." />;
}
