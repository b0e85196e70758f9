import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { retryTransient } from "@/lib/retry";
import { webinarKeys } from "./keys";
import { webinarListSchema, type Webinar } from "./schemas";

/** GET /api/webinars: active webinars, newest event first. */
async function getWebinars(signal?: AbortSignal): Promise<Webinar[]> {
  const { webinars } = await api.get("/api/webinars", { schema: webinarListSchema, signal });
  return webinars;
}

/** SPEC.md §9: webinar queries are stale after 5 s and retried twice. */
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
