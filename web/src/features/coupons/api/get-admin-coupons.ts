import { infiniteQueryOptions, useInfiniteQuery, keepPreviousData, type QueryMeta } from "@tanstack/react-query";
import { ADMIN_PAGE_SIZE, adminQueryFreshness } from "@/lib/admin-query";
import { api } from "@/lib/api";
import { adminCouponKeys } from "./admin-keys";
import { adminCouponPageSchema, type AdminCoupon, type AdminCouponPage } from "./admin-schemas";

/**
 * GET /api/admin/coupons?search=&status=&limit=&cursor= (admin): every user's
 * coupons, newest first, of one status when `status` is set (e.g. "disputed"). `search` is trimmed by the caller; the server
 * matches it, in any case, against the code, the owner's e-mail and the
 * webinar's title, and lists everything when it is empty (docs/product.md#validation-and-its-messages).
 * Each next page starts at the previous page's `next_cursor`
 * (docs/api.md#admin-coupons: an index range read, as fast on the last page as
 * on the first).
 */
function getAdminCoupons(search: string, status: string, cursor: string, signal?: AbortSignal): Promise<AdminCouponPage> {
  const params = new URLSearchParams({ limit: String(ADMIN_PAGE_SIZE) });
  if (search) params.set("search", search);
  if (status) params.set("status", status);
  if (cursor) params.set("cursor", cursor);
  return api.get(`/api/admin/coupons?${params}`, { schema: adminCouponPageSchema, signal });
}

/** The list for one search and status, a page of 100 at a time, with docs/product.md#timings-and-constants's admin freshness. */
export const adminCouponsQueryOptions = (search: string, status = "") =>
  infiniteQueryOptions({
    queryKey: adminCouponKeys.list(search, status),
    queryFn: ({ pageParam, signal }) => getAdminCoupons(search, status, pageParam, signal),
    initialPageParam: "",
    getNextPageParam: (last: AdminCouponPage) => (last.has_more && last.next_cursor ? last.next_cursor : undefined),
    select: (data): AdminCoupon[] => data.pages.flatMap((p) => p.coupons),
    ...adminQueryFreshness,
  });

/**
 * The admin coupon list for `search` (and `status`). While a new search loads, the previous
 * rows stay on screen (isPlaceholderData) instead of a blank table.
 */
export function useAdminCoupons(
  search: string,
  { enabled = true, status = "", meta }: { enabled?: boolean; status?: string; meta?: QueryMeta } = {},
) {
  return useInfiniteQuery({ ...adminCouponsQueryOptions(search, status), enabled, placeholderData: keepPreviousData, meta });
}
