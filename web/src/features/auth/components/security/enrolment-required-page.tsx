import { useQueryClient } from "@tanstack/react-query";
import { LogOut, Mail, ShieldAlert } from "lucide-react";
import { useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { PageContainer, PageHeader } from "@/components/layout/page";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api";
import { useSendOnce } from "@/lib/use-send-once";
import { authKeys } from "@/lib/auth/keys";
import { useFactorStatus, useMailEnrolmentLink, useOpenEnrolmentLink } from "../../api/security";
import { useAuth } from "@/lib/auth/use-auth";
import { ENROLMENT_LINK_PATH } from "./enrolment-link";
import { AddPasskeyForm } from "./passkeys-card";
import { EnrolFactor, RecoveryCodes } from "./two-factor-card";

/**
 * What a staff or admin account without a second factor sees on every page
 * while the store requires one (WATCHWIN_REQUIRE_2FA_FOR_STAFF): the mailed
 * enrolment link (the password alone does not enrol), the enrolment (a
 * passkey, or an authenticator app and then its recovery codes), then the
 * app as usual. The server refuses such a
 * session everything else.
 */
export function EnrolmentRequiredPage() {
  const queryClient = useQueryClient();
  const { signOut } = useAuth();
  const [codes, setCodes] = useState<string[] | null>(null);
  const status = useFactorStatus();
  return (
    <PageContainer className="max-w-2xl">
      <PageHeader
        title="Set up two-factor authentication"
        description="The store requires two-factor authentication for staff and admin accounts. Set it up to continue."
      />
      <Card>
        <CardContent className="grid gap-4 pt-6">
          <p className="flex items-center gap-2 text-sm font-medium text-ink">
            <ShieldAlert className="size-5 text-accent-600" aria-hidden="true" />
            Nothing else opens until this is done.
          </p>
          {codes ? (
            <RecoveryCodes codes={codes} onDone={() => void queryClient.invalidateQueries({ queryKey: authKeys.session() })} />
          ) : status.isPending ? (
            <Skeleton className="h-10 w-64" />
          ) : status.isError ? (
            <Alert variant="destructive">
              <AlertDescription>Could not load your security settings. {errorMessage(status.error)}</AlertDescription>
            </Alert>
          ) : status.data.enrolment_link_required ? (
            <EnrolmentLinkStep />
          ) : (
            <>
              <section className="grid gap-3" aria-labelledby="enrol-passkey">
                <h2 id="enrol-passkey" className="text-lg font-semibold text-ink">
                  With a passkey
                </h2>
                <AddPasskeyForm onAdded={() => void queryClient.invalidateQueries({ queryKey: authKeys.session() })} />
              </section>
              <section className="grid gap-3 border-t pt-4" aria-labelledby="enrol-app">
                <h2 id="enrol-app" className="text-lg font-semibold text-ink">
                  Or with an authenticator app
                </h2>
                <EnrolFactor onEnabled={setCodes} />
              </section>
            </>
          )}
          <div className="border-t pt-4">
            <Button variant="ghost" onClick={() => void signOut()}>
              <LogOut aria-hidden="true" />
              Log out
            </Button>
          </div>
        </CardContent>
      </Card>
    </PageContainer>
  );
}

/**
 * The mailed enrolment link: opened on this page (the link leads to
 * ENROLMENT_LINK_PATH, which the enrolment gate shows as this page), or
 * asked for.
 */
function EnrolmentLinkStep() {
  const { profile } = useAuth();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const token = pathname === ENROLMENT_LINK_PATH ? (searchParams.get("token") ?? "") : "";
  const open = useOpenEnrolmentLink();
  const mail = useMailEnrolmentLink();
  useSendOnce(token, open.mutate);

  if (open.isPending) return <Skeleton className="h-10 w-64" />;
  return (
    <div className="grid max-w-md gap-3">
      {open.isError && (
        <Alert variant="destructive">
          <AlertDescription>{errorMessage(open.error)}</AlertDescription>
        </Alert>
      )}
      <p className="text-sm text-muted-foreground">
        To make sure it is you, we mail a one-time link to {profile?.email ?? "your address"}. Open it in this browser to
        continue.
      </p>
      {mail.isSuccess ? (
        <Alert variant="success">
          <Mail aria-hidden="true" />
          <AlertDescription>Enrolment link sent. Check your inbox: it works for 1 hour.</AlertDescription>
        </Alert>
      ) : (
        mail.isError && (
          <Alert variant="destructive">
            <AlertDescription>{errorMessage(mail.error)}</AlertDescription>
          </Alert>
        )
      )}
      <div>
        <Button onClick={() => mail.mutate()} disabled={mail.isPending} aria-busy={mail.isPending}>
          <Mail aria-hidden="true" />
          {mail.isSuccess ? "Mail me another link" : "Mail me an enrolment link"}
        </Button>
      </div>
    </div>
  );
}
