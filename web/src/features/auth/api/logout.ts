import { useMutation, type QueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { appConfigKeys } from "@/lib/app-config";
import { authKeys } from "@/lib/auth/keys";
import { ANONYMOUS_SESSION } from "@/lib/auth/session-schemas";

/** POST /api/auth/logout: deletes the session and clears the cookie (204). */
function logout(): Promise<void> {
  return api.post<void>("/api/auth/logout");
}

export function useLogout() {
  return useMutation({ mutationKey: authKeys.logout(), mutationFn: logout });
}

/**
 * Forgets everything tied to the signed-in user: the session becomes
 * anonymous and every other cached query (except server config) is reset.
 * Runs even when the server call failed (docs/product.md#states-and-transitions).
 */
export function clearLocalAuthState(queryClient: QueryClient) {
  queryClient.setQueryData(authKeys.session(), ANONYMOUS_SESSION);
  void queryClient.resetQueries({
    predicate: (q) => q.queryKey[0] !== authKeys.all[0] && q.queryKey[0] !== appConfigKeys.all[0],
  });
}
