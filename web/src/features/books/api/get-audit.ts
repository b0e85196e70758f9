import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { ADMIN_PAGE_SIZE, adminQueryFreshness } from "@/lib/admin-query";
import { api } from "@/lib/api";
import { bookKeys } from "./keys";
import { auditPageSchema, type AuditPage } from "./schemas";

/**
 * GET /api/admin/audit?{query}&limit=&cursor= (admin): the audit log,
 * newest first, a page at a time; each next page starts at the previous
 * page's next_cursor (docs/api.md#admin-coupons).
 */
export function useAuditLog(query: string) {
  return useInfiniteQuery({
    queryKey: bookKeys.audit(query),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams(query);
      params.set("limit", String(ADMIN_PAGE_SIZE));
      if (pageParam) params.set("cursor", pageParam);
      return api.get(`/api/admin/audit?${params}`, { schema: auditPageSchema, signal });
    },
    initialPageParam: "",
    getNextPageParam: (last: AuditPage) => (last.has_more && last.next_cursor ? last.next_cursor : undefined),
    placeholderData: keepPreviousData,
    ...adminQueryFreshness,
  });
}
