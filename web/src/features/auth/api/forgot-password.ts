import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { authKeys } from "@/lib/auth/keys";
import type { AccountEmailInput } from "./schemas";

/**
 * POST /api/auth/password/forgot: the server mails a reset link when the
 * address has an account and answers 202 either way (no user enumeration).
 */
function requestPasswordReset(input: AccountEmailInput): Promise<unknown> {
  return api.post("/api/auth/password/forgot", input);
}

export function useForgotPassword() {
  return useMutation({ mutationKey: authKeys.forgotPassword(), mutationFn: requestPasswordReset });
}
