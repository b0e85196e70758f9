import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { appConfigKeys } from "@/lib/app-config";
import { authKeys } from "@/lib/auth/keys";
import type { LoginInput } from "./schemas";
import { zm } from "@/lib/zod";
import { sessionSchema, type Session } from "@/lib/auth/session-schemas";

/** 202: the password was right and the account's second factor is due (docs/api.md). */
const secondStepSchema = zm.object({ second_factor_required: zm.literal(true) });
export type LoginAnswer = Session | zm.infer<typeof secondStepSchema>;

export function needsSecondStep(answer: LoginAnswer): answer is zm.infer<typeof secondStepSchema> {
  return "second_factor_required" in answer;
}

/** POST /api/auth/login: sets the session cookie, returns {user, profile}; or asks for the second step. */
function login(input: LoginInput): Promise<LoginAnswer> {
  return api.post("/api/auth/login", input, { schema: zm.union([secondStepSchema, sessionSchema]) });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: authKeys.login(),
    mutationFn: login,
    onSuccess: async (answer) => {
      if (needsSecondStep(answer)) return; // no session yet
      queryClient.setQueryData(authKeys.session(), answer);
      // Anything fetched while anonymous may differ for this user.
      await queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[0] !== appConfigKeys.all[0],
      });
    },
  });
}
