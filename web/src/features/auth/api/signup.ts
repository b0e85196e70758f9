import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { authKeys } from "@/lib/auth/keys";
import type { SignUpInput } from "./schemas";
import { sessionSchema, type Session } from "@/lib/auth/session-schemas";

/** POST /api/auth/signup: creates the account; does not log in. */
function signUp(input: SignUpInput): Promise<Session> {
  return api.post("/api/auth/signup", input, { schema: sessionSchema });
}

export function useSignUp() {
  return useMutation({ mutationKey: authKeys.signup(), mutationFn: signUp });
}
