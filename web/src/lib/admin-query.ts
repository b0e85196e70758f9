import { retryTransient } from "@/lib/retry";

/**
 * docs/product.md#timings-and-constants freshness for admin data: never stale and never kept in the
 * cache once no screen shows it, refetched on focus, mount and reconnect,
 * retried once (network and server errors only; a 4xx is an answer).
 * Spread into an admin query's options.
 */
export const adminQueryFreshness = {
  staleTime: 0,
  gcTime: 0,
  refetchOnWindowFocus: true,
  refetchOnMount: true,
  refetchOnReconnect: true,
  retry: retryTransient(1),
} as const;

/** Page size of the admin lists that page (coupons, users): the server's default. */
export const ADMIN_PAGE_SIZE = 100;
