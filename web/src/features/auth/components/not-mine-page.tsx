import { CircleAlert, CircleCheck, KeyRound, ShieldOff } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useNotMine } from "../api/security";
import { AuthCard } from "./auth-card";

const INVALID_LINK = "This link is invalid, has expired or was used already.";

/**
 * /auth/second-factor-not-mine?token=…: the "this wasn't me" link of the
 * notice that two-factor authentication was turned on. It asks before it
 * acts (a mail scanner opening the link changes nothing); the press removes
 * a factor turned on in the last 7 days and signs the account out
 * everywhere.
 */
export function NotMinePage() {
  useDocumentTitle("This wasn't me");
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const notMine = useNotMine();

  if (notMine.isSuccess) {
    return (
      <AuthCard title="Your account is yours again">
        <div className="grid gap-5">
          <Alert variant="success">
            <CircleCheck aria-hidden="true" />
            <AlertDescription>
              {notMine.data.factor_removed
                ? "The two-factor authentication and passkeys added in the last 7 days are removed, and your account is signed out everywhere."
                : "There was no two-factor authentication or passkey of the last 7 days to remove; your account is signed out everywhere."}
            </AlertDescription>
          </Alert>
          <p className="text-sm">Someone knew your password: choose a new one now.</p>
          <Button asChild size="lg" className="w-full">
            <Link to="/auth/forgot-password">
              <KeyRound aria-hidden="true" />
              Choose a new password
            </Link>
          </Button>
        </div>
      </AuthCard>
    );
  }

  if (!token) {
    return (
      <AuthCard title="This wasn't me">
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{INVALID_LINK}</AlertDescription>
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="This wasn't me">
      <div className="grid gap-5">
        {notMine.isError && (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <AlertTitle>Nothing changed</AlertTitle>
            <AlertDescription>{errorMessage(notMine.error, INVALID_LINK)}</AlertDescription>
          </Alert>
        )}
        <p className="text-sm">
          If you did not turn on two-factor authentication, this removes the two-factor authentication turned on in the
          last 7 days and signs your account out everywhere. Then choose a new password.
        </p>
        <Button size="lg" className="w-full" onClick={() => notMine.mutate(token)} disabled={notMine.isPending} aria-busy={notMine.isPending}>
          <ShieldOff aria-hidden="true" />
          Remove it and sign out everywhere
        </Button>
      </div>
    </AuthCard>
  );
}
