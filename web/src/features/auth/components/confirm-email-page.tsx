import { CircleAlert, CircleCheck, LogIn, RotateCw } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PageSpinner } from "@/components/ui/spinner";
import { errorMessage, isApiError } from "@/lib/api";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useSendOnce } from "@/lib/use-send-once";
import { useConfirmEmail } from "../api/email-confirmation";
import { AuthCard } from "./auth-card";
import { ResendConfirmationForm } from "./resend-confirmation";

/** The server's words for a dead link; also shown when the URL has no token at all. */
const INVALID_LINK = "This confirmation link is invalid or has expired.";

/** /auth/confirm-email?token=…: confirms the address with the link from the sign-up e-mail, on arrival. */
export function ConfirmEmailPage() {
  useDocumentTitle("Confirm Email");
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const confirm = useConfirmEmail();
  const { mutate } = confirm;

  // A link works once: send it once.
  useSendOnce(token, mutate);

  if (token && (confirm.isIdle || confirm.isPending)) {
    return <PageSpinner label="Confirming your email..." />;
  }

  if (confirm.isSuccess) {
    return (
      <AuthCard title="Email confirmed">
        <div className="grid gap-5">
          <Alert variant="success">
            <CircleCheck aria-hidden="true" />
            <AlertDescription>Your email address is confirmed. You can now log in.</AlertDescription>
          </Alert>
          <Button asChild size="lg" className="w-full">
            <Link to="/auth">
              <LogIn aria-hidden="true" />
              Log in
            </Link>
          </Button>
        </div>
      </AuthCard>
    );
  }

  // A dead link (invalid, used, expired) needs a new one; anything else (the
  // network, the server) may work on a second try.
  const deadLink = !token || (isApiError(confirm.error) && confirm.error.status === 400);
  if (!deadLink) {
    return (
      <AuthCard title="Confirm your email">
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>
            <p>{errorMessage(confirm.error)}</p>
            <p>
              <Button variant="outline" size="sm" onClick={() => mutate(token)}>
                <RotateCw aria-hidden="true" />
                Try again
              </Button>
            </p>
          </AlertDescription>
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Confirm your email">
      <div className="grid gap-6">
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>Link not valid</AlertTitle>
          <AlertDescription>
            <p>{token ? errorMessage(confirm.error, INVALID_LINK) : INVALID_LINK}</p>
            <p>Enter your email address and we'll send you a new link.</p>
          </AlertDescription>
        </Alert>
        <ResendConfirmationForm />
        <p className="text-center text-sm">
          Already confirmed?{" "}
          <Link to="/auth" className="font-medium text-foreground underline underline-offset-2">
            Log in
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
