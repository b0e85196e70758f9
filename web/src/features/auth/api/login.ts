import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { appConfigKeys } from "@/lib/app-config";
import { authKeys } from "./keys";
import type { LoginInput } from "./schemas";
import { sessionSchema, type Session } from "./session-schemas";

/** POST /api/auth/login: sets the session cookie, returns {user, profile}. */
function login(input: LoginInput): Promise<Session> {
  return api.post("/api/auth/login", input, { schema: sessionSchema });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: authKeys.login(),
    mutationFn: login,
    onSuccess: async (session) => {
      queryClient.setQueryData(authKeys.session(), session);
      // Anything fetched while anonymous may differ for this user.
      await queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[0] !== appConfigKeys.all[0],
      });
    },
  });
}
