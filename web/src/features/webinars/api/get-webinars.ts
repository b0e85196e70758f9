import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { zm } from "@/lib/zod";
import { api } from "@/lib/api";
import { retryTransient } from "@/lib/retry";
import { webinarKeys } from "@/lib/query-keys/webinars";
import { webinarListSchema, type Webinar } from "@/lib/webinars/schemas";

/** GET /api/webinars: active webinars, newest event first. */
async function getWebinars(signal?: AbortSignal): Promise<Webinar[]> {
  const { webinars } = await api.get("/api/webinars", { schema: webinarListSchema, signal });
  return webinars;
}

/** docs/product.md#timings-and-constants: webinar queries are stale after 5 s and retried twice. */
const webinarsQueryOptions = () =>
  queryOptions({
    queryKey: webinarKeys.lists(),
    queryFn: ({ signal }) => getWebinars(signal),
    staleTime: 5_000,
    retry: retryTransient(2),
  });

export function useWebinars() {
  return useQuery(webinarsQueryOptions());
}

/**
 * Puts the list the server embedded in the page (GET /api/webinars's body)
 * in the cache as of `updatedAt`, so the first render needs no request.
 * Anything that does not parse is ignored: the query then fetches.
 */
export function primeWebinars(client: QueryClient, body: unknown, updatedAt: number) {
  const parsed = zm.safeParse(webinarListSchema, body);
  if (parsed.success) client.setQueryData(webinarsQueryOptions().queryKey, parsed.data.webinars, { updatedAt });
}
