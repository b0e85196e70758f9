import { CircleAlert, CircleCheck, RotateCw, Settings } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { PageContainer } from "@/components/layout/page";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { errorMessage, isApiError } from "@/lib/api";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useSendOnce } from "@/lib/use-send-once";
import { useUnsubscribe } from "../api/unsubscribe";

/** The server's words for a link it did not sign; also shown when the URL has no token. */
const INVALID_LINK = "This unsubscribe link is not valid. You can turn reminders off in My Dashboard under Settings.";

const SETTINGS_PATH = "/dashboard?tab=settings";

/**
 * "/unsubscribe?token=…": the link at the foot of every reminder e-mail. It
 * unsubscribes on arrival, without a login (the token names the account and
 * the reminder), and says so; opening it again says the same.
 */
export function UnsubscribePage() {
  useDocumentTitle("Unsubscribe");
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const unsubscribe = useUnsubscribe();
  const { mutate } = unsubscribe;

  useSendOnce(token, mutate);

  if (token && (unsubscribe.isIdle || unsubscribe.isPending)) return <PageSpinner label="Unsubscribing..." />;

  const manage = (
    <Button asChild variant="outline" className="w-fit">
      <Link to={SETTINGS_PATH}>
        <Settings aria-hidden="true" />
        Manage reminder e-mails
      </Link>
    </Button>
  );

  let title = "Unsubscribe";
  let body;
  if (unsubscribe.isSuccess) {
    title = "You're unsubscribed";
    body = (
      <>
        <Alert variant="success">
          <CircleCheck aria-hidden="true" />
          <AlertDescription>
            {unsubscribe.data.kind === "new_webinars"
              ? "You won't get new-webinar alerts any more."
              : <>You won't get &ldquo;{unsubscribe.data.label}&rdquo; reminders any more.</>}
          </AlertDescription>
        </Alert>
        <p className="text-muted-foreground">
          Your coupons, receipts and account e-mails still come, and so do the other reminders. You can switch any
          of them back on in My Dashboard under Settings.
        </p>
        {manage}
      </>
    );
  } else if (!token || (isApiError(unsubscribe.error) && unsubscribe.error.status === 400)) {
    body = (
      <>
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>Link not valid</AlertTitle>
          <AlertDescription>{token ? errorMessage(unsubscribe.error, INVALID_LINK) : INVALID_LINK}</AlertDescription>
        </Alert>
        {manage}
      </>
    );
  } else {
    // The network or the server: a second try may work.
    body = (
      <Alert variant="destructive">
        <CircleAlert aria-hidden="true" />
        <AlertDescription>
          <p>{errorMessage(unsubscribe.error)}</p>
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
