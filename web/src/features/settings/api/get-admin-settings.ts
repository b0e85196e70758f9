import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminQueryFreshness } from "@/lib/admin-query";
import { api } from "@/lib/api";
import { settingsKeys } from "@/lib/site-settings/keys";
import { adminSettingsSchema, type AdminSettings } from "./schemas";

/** GET /api/admin/settings (admin): every key, with the value pages see. */
async function getAdminSettings(signal?: AbortSignal): Promise<AdminSettings> {
  const { settings } = await api.get("/api/admin/settings", { schema: adminSettingsSchema, signal });
  return settings;
}

const adminSettingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.admin(),
    queryFn: ({ signal }) => getAdminSettings(signal),
    ...adminQueryFreshness,
  });

export function useAdminSettings() {
  return useQuery(adminSettingsQueryOptions());
}
