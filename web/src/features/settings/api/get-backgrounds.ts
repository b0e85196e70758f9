import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { zm } from "@/lib/zod";
import { api } from "@/lib/api";
import { retryTransient } from "@/lib/retry";
import { settingsKeys } from "@/lib/site-settings/keys";
import { backgroundsSchema, type BackgroundPage } from "./schemas";

/** GET /api/settings/backgrounds (anyone): each page's background image URL or null. */
const backgroundsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.backgrounds(),
    queryFn: async ({ signal }) =>
      (await api.get("/api/settings/backgrounds", { schema: backgroundsSchema, signal })).backgrounds,
    staleTime: 60_000,
    retry: retryTransient(1),
  });

/** The background image URL chosen for `page`, or null (none chosen, or still loading). */
export function usePageBackground(page: BackgroundPage): string | null {
  const { data } = useQuery(backgroundsQueryOptions());
  return data?.[page] ?? null;
}

/** Every page's background (the admin's Background Images tab). */
export function useBackgrounds() {
  return useQuery(backgroundsQueryOptions());
}

/** Puts the backgrounds the server embedded in the page (GET /api/settings/backgrounds's body) in the cache as of `updatedAt`. */
export function primeBackgrounds(client: QueryClient, body: unknown, updatedAt: number) {
  const parsed = zm.safeParse(backgroundsSchema, body);
  if (parsed.success) client.setQueryData(backgroundsQueryOptions().queryKey, parsed.data.backgrounds, { updatedAt });
}
