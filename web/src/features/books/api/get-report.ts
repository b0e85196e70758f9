import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { adminQueryFreshness } from "@/lib/admin-query";
import { api } from "@/lib/api";
import { bookKeys } from "./keys";
import { reportSchema } from "./schemas";

/** GET /api/admin/reports?{query} (admin): query is the period's parameters (lib/period.ts). */
export function useReport(query: string) {
  return useQuery({
    queryKey: bookKeys.report(query),
    queryFn: ({ signal }) => api.get(`/api/admin/reports?${query}`, { schema: reportSchema, signal }),
    placeholderData: keepPreviousData,
    ...adminQueryFreshness,
  });
}
