import { CircleAlert, MailCheck, Send } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormControl, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useForgotPassword } from "../api/forgot-password";
import { useAccountEmailForm } from "../lib/use-account-email-form";
import { AuthCard, BackToLogin } from "./auth-card";

// The same words whether or not the address has an account (no user enumeration).
const SENT =
  "If an account exists for that email, we've sent a link to reset your password. Check your inbox.";

/** /auth/forgot-password: asks for the address and mails a reset link. */
export function ForgotPasswordPage() {
  useDocumentTitle("Forgot Password");
  const forgot = useForgotPassword();
  const { register, errors, onSubmit } = useAccountEmailForm((email) => forgot.mutateAsync({ email }));

  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter the email address of your account and we'll send you a link to set a new password."
      footer={<BackToLogin />}
    >
      {forgot.isSuccess ? (
        <Alert variant="success">
          <MailCheck aria-hidden="true" />
          <AlertDescription>{SENT}</AlertDescription>
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Forgot password">
          {forgot.isError && !errors.email && (
            <Alert variant="destructive">
              <CircleAlert aria-hidden="true" />
              <AlertDescription>{errorMessage(forgot.error)}</AlertDescription>
            </Alert>
          )}
          <FormField id="forgot-email" label="Email Address" error={errors.email?.message}>
            <FormControl>
              <Input type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" {...register("email")} />
            </FormControl>
          </FormField>
          <Button type="submit" size="lg" className="w-full" disabled={forgot.isPending} aria-busy={forgot.isPending}>
            <Send aria-hidden="true" />
            {forgot.isPending ? "Sending..." : "Send Reset Link"}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
