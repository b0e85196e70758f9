import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { authKeys } from "@/lib/auth/keys";
import type { NewPasswordInput } from "./schemas";

type ResetPasswordInput = NewPasswordInput & { token: string };

/**
 * POST /api/auth/password/reset: sets the new password with the mailed
 * one-time token; the server ends every session of the account.
 */
function resetPassword({ token, password, confirmPassword }: ResetPasswordInput): Promise<unknown> {
  return api.post("/api/auth/password/reset", { token, password, confirm_password: confirmPassword });
}

export function useResetPassword() {
  return useMutation({ mutationKey: authKeys.resetPassword(), mutationFn: resetPassword });
}
