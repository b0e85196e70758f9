import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "@/lib/api";

/** Client errors (4xx) are answers, not glitches: never retry them. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient() {
  return new QueryClient({
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
