import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { zm } from "@/lib/zod";
import { api } from "@/lib/api";
import { retryTransient } from "@/lib/retry";
import { settingsKeys } from "./keys";
import { SITE_INFO_DEFAULTS, siteInfoSchema, type SiteInfo } from "./site-info-schema";

/** GET /api/settings/site (anyone): site title, contact e-mail, store address and phone. */
export const siteInfoQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.site(),
    queryFn: ({ signal }) => api.get("/api/settings/site", { schema: siteInfoSchema, signal }),
    staleTime: 60_000,
    retry: retryTransient(1),
  });

/**
 * The store's facts as the admin set them. Never undefined: the server's
 * defaults stand in while loading or when the call fails, so the header and
 * footer never flash empty.
 */
export function useSiteInfo(): SiteInfo {
  const { data } = useQuery(siteInfoQueryOptions());
  return data ?? SITE_INFO_DEFAULTS;
}

/** Puts the settings the server embedded in the page (GET /api/settings/site's body) in the cache as of `updatedAt`. */
export function primeSiteInfo(client: QueryClient, body: unknown, updatedAt: number) {
  const parsed = zm.safeParse(siteInfoSchema, body);
  if (parsed.success) client.setQueryData(siteInfoQueryOptions().queryKey, parsed.data, { updatedAt });
}
