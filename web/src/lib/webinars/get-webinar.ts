import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { zm } from "@/lib/zod";
import { api } from "@/lib/api";
import { retryTransient } from "@/lib/retry";
import { webinarKeys } from "@/lib/query-keys/webinars";
import { webinarSchema, type Webinar } from "./schemas";

/**
 * GET /api/webinars/{id}: one active webinar. A missing or inactive one is
 * an ApiError with status 404 ('Webinar not found').
 */
function getWebinar(id: string, signal?: AbortSignal): Promise<Webinar> {
  return api.get(`/api/webinars/${encodeURIComponent(id)}`, { schema: webinarSchema, signal });
}

const webinarQueryOptions = (id: string) =>
  queryOptions({
    queryKey: webinarKeys.detail(id),
    queryFn: ({ signal }) => getWebinar(id, signal),
    staleTime: 5_000,
    retry: retryTransient(2),
  });

export function useWebinar(id: string | undefined) {
  return useQuery({ ...webinarQueryOptions(id ?? ""), enabled: Boolean(id) });
}

/** Puts a webinar the server embedded in the page (GET /api/webinars/{id}'s body) in the cache as of `updatedAt`. */
export function primeWebinar(client: QueryClient, body: unknown, updatedAt: number) {
  const parsed = zm.safeParse(webinarSchema, body);
  if (parsed.success) client.setQueryData(webinarQueryOptions(parsed.data.id).queryKey, parsed.data, { updatedAt });
}
