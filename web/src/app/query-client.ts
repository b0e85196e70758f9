import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { isApiError } from "@/lib/api";
import type { ErrorToast } from "@/lib/query-meta";
import { notify } from "@/lib/toast";

/** Client errors (4xx) are answers, not glitches: never retry them. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** The toast a query or mutation asked for in its meta (lib/query-meta.ts), once per failure. */
function toastError(error: unknown, errorToast: ErrorToast | undefined) {
  const toast = errorToast?.(error);
  if (toast) notify.error(toast[0], toast[1]);
}

/** The caches of a query client, with the error toasts of lib/query-meta.ts (the unit tests' client uses them too). */
export function errorToastCaches() {
  return {
    queryCache: new QueryCache({ onError: (error, query) => toastError(error, query.meta?.errorToast) }),
    mutationCache: new MutationCache({ onError: (error, _v, _c, mutation) => toastError(error, mutation.meta?.errorToast) }),
  };
}

export function createQueryClient() {
  return new QueryClient({
    ...errorToastCaches(),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        // Same-origin API: try even when the browser believes it is offline.
        networkMode: "always",
      },
      mutations: { retry: false, networkMode: "always" },
    },
  });
}
