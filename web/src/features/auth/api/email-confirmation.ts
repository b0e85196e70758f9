import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { authKeys } from "@/lib/auth/keys";

/** POST /api/auth/email/confirm: confirms the address with the mailed one-time token. */
function confirmEmail(token: string): Promise<unknown> {
  return api.post("/api/auth/email/confirm", { token });
}

export function useConfirmEmail() {
  return useMutation({ mutationKey: authKeys.confirmEmail(), mutationFn: confirmEmail });
}

/** POST /api/auth/email/resend: a new confirmation link; 202 whether or not the address has an account. */
function resendConfirmation(email: string): Promise<unknown> {
  return api.post("/api/auth/email/resend", { email });
}

export function useResendConfirmation() {
  return useMutation({ mutationKey: authKeys.resendConfirmation(), mutationFn: resendConfirmation });
}
