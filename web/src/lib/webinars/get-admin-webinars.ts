import { queryOptions, useQuery, type QueryMeta } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { retryTransient } from "@/lib/retry";
import { webinarKeys } from "@/lib/query-keys/webinars";
import { adminWebinarListSchema, type AdminWebinar } from "./schemas";

/** GET /api/admin/webinars (admin): every webinar, newest event first. */
async function getAdminWebinars(signal?: AbortSignal): Promise<AdminWebinar[]> {
  const { webinars } = await api.get("/api/admin/webinars", { schema: adminWebinarListSchema, signal });
  return webinars;
}

/** docs/product.md#timings-and-constants: admin data is never stale or cached, refetched on focus, mount and reconnect, retried once. */
const adminWebinarsQueryOptions = () =>
  queryOptions({
    queryKey: webinarKeys.adminList(),
    queryFn: ({ signal }) => getAdminWebinars(signal),
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: true,
    refetchOnMount: true,
    refetchOnReconnect: true,
    retry: retryTransient(1),
  });

/** `meta`: e.g. the toast of a failure (lib/query-meta.ts). */
export function useAdminWebinars(meta?: QueryMeta) {
  return useQuery({ ...adminWebinarsQueryOptions(), meta });
}
