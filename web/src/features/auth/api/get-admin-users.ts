import { infiniteQueryOptions, useInfiniteQuery, type QueryMeta } from "@tanstack/react-query";
import { ADMIN_PAGE_SIZE, adminQueryFreshness } from "@/lib/admin-query";
import { api } from "@/lib/api";
import { adminUserKeys } from "./admin-user-keys";
import { adminUserPageSchema, type AdminUser, type AdminUserPage } from "./admin-user-schemas";

/**
 * GET /api/admin/users?limit=&cursor= (admin): accounts by e-mail, deleted
 * ones never; each next page starts at the previous page's `next_cursor`
 * (docs/api.md#admin-coupons).
 */
function getAdminUsers(cursor: string, signal?: AbortSignal): Promise<AdminUserPage> {
  const params = new URLSearchParams({ limit: String(ADMIN_PAGE_SIZE) });
  if (cursor) params.set("cursor", cursor);
  return api.get(`/api/admin/users?${params}`, { schema: adminUserPageSchema, signal });
}

/** A page of 100 at a time, with docs/product.md#timings-and-constants's admin freshness. */
const adminUsersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: adminUserKeys.list(),
    queryFn: ({ pageParam, signal }) => getAdminUsers(pageParam, signal),
    initialPageParam: "",
    getNextPageParam: (last: AdminUserPage) => (last.has_more && last.next_cursor ? last.next_cursor : undefined),
    select: (data): AdminUser[] => data.pages.flatMap((p) => p.users),
    ...adminQueryFreshness,
  });

/** `meta`: e.g. the toast of a failure (lib/query-meta.ts). */
export function useAdminUsers(meta?: QueryMeta) {
  return useInfiniteQuery({ ...adminUsersQueryOptions(), meta });
}
