import { clearRedirectAfterAuth, normalizeRedirectPath, takeRedirectAfterAuth } from "@/lib/redirect";
import { webinarWatchPath } from "@/lib/paths";

/**
 * Where to go after a successful login (docs/product.md#log-in-and-sign-up-auth):
 * ?webinarId=X wins (its watch page), then the stored redirectAfterAuth
 * (read and cleared), then the path a guard passed in navigation state,
 * else "/". Never back to the auth pages themselves.
 */
export function postLoginTarget(webinarId: string | null, stateFrom?: unknown): string {
  if (webinarId) {
    clearRedirectAfterAuth();
    return webinarWatchPath(webinarId);
  }
  const stored = takeRedirectAfterAuth();
  const target = stored ?? (typeof stateFrom === "string" ? normalizeRedirectPath(stateFrom) : "/");
  return /^\/(auth|login)(?:[/?#]|$)/.test(target) ? "/" : target;
}
