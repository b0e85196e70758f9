import { PlaceholderPage } from "@/components/layout/placeholder-page";

/** "/admin/users" (admin only). Placeholder until user management lands. */
export function AdminUsersPage() {
  return <PlaceholderPage title="Manage Users" message="User management is coming soon." />;
}
