import { useQuery } from "@tanstack/react-query";
import { adminQueryFreshness } from "@/lib/admin-query";
import { api } from "@/lib/api";
import { waitlistKeys } from "@/lib/query-keys/waitlist";
import { waitlistCountsSchema, waitlistEntriesSchema } from "./admin-schemas";

/**
 * GET /api/admin/waitlist (admin): the webinars table's counts, one request for every row (the
 * rows share the query).
 */
export function useAdminWaitlistCounts() {
  return useQuery({
    queryKey: waitlistKeys.adminCounts(),
    queryFn: ({ signal }) => api.get("/api/admin/waitlist", { schema: waitlistCountsSchema, signal }),
    ...adminQueryFreshness,
  });
}

/** GET /api/admin/webinars/{id}/waitlist (admin): the people waiting or holding an offer, in order; null: closed. */
export function useAdminWaitlistEntries(webinarId: string | null) {
  return useQuery({
    queryKey: waitlistKeys.adminEntries(webinarId ?? ""),
    queryFn: ({ signal }) =>
      api.get(`/api/admin/webinars/${encodeURIComponent(webinarId ?? "")}/waitlist`, { schema: waitlistEntriesSchema, signal }),
    enabled: webinarId !== null,
    ...adminQueryFreshness,
  });
}
