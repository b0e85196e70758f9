import { isApiError } from "@/lib/api";

/**
 * A TanStack Query retry function: up to `max` retries for network and
 * server errors, none for client errors (4xx are answers, not glitches).
 */
export function retryTransient(max: number) {
  return (failureCount: number, error: unknown): boolean => {
    if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
    return failureCount < max;
  };
}
