import { useMutation } from "@tanstack/react-query";
import { CircleAlert, CircleCheck, RotateCw } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { PageContainer } from "@/components/layout/page";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { SubscribeBox } from "@/components/webinar-alerts/subscribe-box";
import { api, errorMessage, isApiError } from "@/lib/api";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useSendOnce } from "@/lib/use-send-once";
import { zm } from "@/lib/zod";

const confirmedSchema = zm.object({ confirmed: zm.boolean() });

/** The server's words for a link it never issued; also shown when the URL has no token. */
const INVALID_LINK =
  "This confirmation link is not valid: it may be incomplete, altered, or replaced by a newer one. Enter your e-mail address again below to get a new link.";

/**
 * "/webinar-alerts/confirm?token=…": the double opt-in's link. It confirms
 * on arrival; a link that expired (7 days) or was altered says so and
 * offers the box to ask for a new one.
 */
export function ConfirmPage() {
  useDocumentTitle("New-webinar alerts");
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const confirm = useMutation({
    mutationFn: (t: string) => api.post("/api/webinar-alerts/confirm", { token: t }, { schema: confirmedSchema }),
  });
  const { mutate } = confirm;
  useSendOnce(token, mutate);

  if (token && (confirm.isIdle || confirm.isPending)) return <PageSpinner label="Confirming..." />;

  let title = "New-webinar alerts";
  let body;
  if (confirm.isSuccess) {
    title = "You're on the list";
    body = (
      <>
        <Alert variant="success">
          <CircleCheck aria-hidden="true" />
          <AlertDescription>
            Confirmed. We'll e-mail you once each time we publish a new webinar. Every e-mail has a one-click unsubscribe link.
          </AlertDescription>
        </Alert>
        <Button asChild className="w-fit">
          <Link to="/webinars">Browse Webinars</Link>
        </Button>
      </>
    );
  } else if (!token || (isApiError(confirm.error) && confirm.error.status === 400)) {
    const expired = isApiError(confirm.error) && confirm.error.code === "expired_token";
    body = (
      <>
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>{expired ? "Link expired" : "Link not valid"}</AlertTitle>
          <AlertDescription>{token ? errorMessage(confirm.error, INVALID_LINK) : INVALID_LINK}</AlertDescription>
        </Alert>
        <SubscribeBox title="Get a new link" />
      </>
    );
  } else {
    // The network or the server: a second try may work.
    body = (
      <Alert variant="destructive">
        <CircleAlert aria-hidden="true" />
        <AlertDescription>
          <p>{errorMessage(confirm.error)}</p>
          <div>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => mutate(token)}>
              <RotateCw aria-hidden="true" />
              Try again
            </Button>
          </div>
        </AlertDescription>
      </Alert>
    );
  }

  return (
    <PageContainer className="flex items-start justify-center">
      <Card className="w-full max-w-lg">
        <CardHeader>
          <h1 className="text-2xl font-extrabold text-ink">{title}</h1>
        </CardHeader>
        <CardContent className="grid gap-5">{body}</CardContent>
      </Card>
    </PageContainer>
  );
}
