import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { accountEmailSchema, type AccountEmailInput } from "../api/schemas";
import { applyServerFieldError } from "./apply-server-error";

/**
 * The one-field Email Address form of 'Forgot password?' and 'Resend
 * confirmation email': checked like every account address, sent with send,
 * and a refusal the server ties to the address shown under the field.
 */
export function useAccountEmailForm(send: (email: string) => Promise<unknown>) {
  const form = useForm<AccountEmailInput>({
    resolver: zodResolver(accountEmailSchema),
    defaultValues: { email: "" },
  });
  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await send(email);
    } catch (error) {
      applyServerFieldError(error, ["email"], form.setError);
    }
  });
  return { register: form.register, errors: form.formState.errors, onSubmit };
}
