import { CircleAlert, CircleCheck, Send } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormControl, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api";
import { useResendConfirmation } from "../api/email-confirmation";
import { useAccountEmailForm } from "../lib/use-account-email-form";

const SENT = "Confirmation email sent. Check your inbox.";
const FAILED = "We couldn't send the email. Please try again.";

/** What the resend answered: the sent note, or the error under the button. */
function ResendOutcome({ resend }: { resend: ReturnType<typeof useResendConfirmation> }) {
  if (resend.isSuccess) {
    return (
      <Alert variant="success">
        <CircleCheck aria-hidden="true" />
        <AlertDescription>{SENT}</AlertDescription>
      </Alert>
    );
  }
  if (resend.isError) {
    return (
      <p role="alert" className="text-sm font-medium text-destructive">
        {errorMessage(resend.error, FAILED)}
      </p>
    );
  }
  return null;
}

/**
 * The login answer for an address not yet confirmed: the server's message and
 * 'Resend confirmation email' for the address just used.
 */
export function EmailNotConfirmedAlert({ email, message }: { email: string; message: string }) {
  const resend = useResendConfirmation();
  if (resend.isSuccess) return <ResendOutcome resend={resend} />;
  return (
    <Alert variant="destructive">
      <CircleAlert aria-hidden="true" />
      <AlertDescription className="gap-3">
        <p>{message}</p>
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          disabled={resend.isPending}
          aria-busy={resend.isPending}
          onClick={() => resend.mutate(email)}
        >
          <Send aria-hidden="true" />
          {resend.isPending ? "Sending..." : "Resend confirmation email"}
        </Button>
        <ResendOutcome resend={resend} />
      </AlertDescription>
    </Alert>
  );
}

/** 'Resend confirmation email' with its own Email Address field (an expired link names no address). */
export function ResendConfirmationForm() {
  const resend = useResendConfirmation();
  const { register, errors, onSubmit } = useAccountEmailForm((email) => resend.mutateAsync(email));

  if (resend.isSuccess) return <ResendOutcome resend={resend} />;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Resend confirmation email">
      <FormField id="resend-email" label="Email Address" error={errors.email?.message}>
        <FormControl>
          <Input type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" {...register("email")} />
        </FormControl>
      </FormField>
      <Button type="submit" disabled={resend.isPending} aria-busy={resend.isPending}>
        <Send aria-hidden="true" />
        {resend.isPending ? "Sending..." : "Resend confirmation email"}
      </Button>
      {!errors.email && <ResendOutcome resend={resend} />}
    </form>
  );
}
