import { LogIn, Store } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { PageContainer } from "@/components/layout/page";
import { Button } from "@/components/ui/button";
import { PageSpinner } from "@/components/ui/spinner";
import { RedirectToAuth } from "@/lib/auth/require-auth";
import { useAuth } from "@/lib/auth/use-auth";
import { storeRedirectAfterAuth } from "@/lib/redirect";
import { useDocumentTitle } from "@/lib/use-document-title";
import { needsOwnDocument } from "../lib/own-document";
import { Counter } from "./counter";

export const ASK_STAFF_MESSAGE = "This coupon is checked at the store counter. Please ask the store staff.";

/**
 * What a customer sees who opened a coupon's QR with their phone's camera
 * app (or anyone who is not staff): nothing about the coupon, and no API call
 * about it. Signed out, a small link lets a clerk log in and come back.
 */
function AskStaff({ signedOut }: { signedOut: boolean }) {
  const location = useLocation();
  return (
    <PageContainer className="grid max-w-xl justify-items-center gap-6 text-center">
      <span className="grid size-16 place-items-center rounded-full bg-accent-50 text-accent-600">
        <Store className="size-8" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">{ASK_STAFF_MESSAGE}</h1>
      {signedOut && (
        <Button asChild variant="ghost" size="sm" className="text-muted-foreground">
          <Link to="/auth" onClick={() => storeRedirectAfterAuth(`${location.pathname}${location.search}`)}>
            <LogIn aria-hidden="true" />
            Store staff: log in
          </Link>
        </Button>
      )}
    </PageContainer>
  );
}

/**
 * "/counter" (docs/product.md#roles-and-permissions and docs/product.md#route-table,
 * docs/operations.md#at-the-counter): staff and admins get the counter, with `?code=` looked up at
 * once (the code then leaves the address bar, so a reload does not repeat it). Anyone else with a
 * code, and signed-in users without one, see only ASK_STAFF_MESSAGE; signed-out visitors without a
 * code go to log in (a clerk's expired session).
 */
export function CounterPage() {
  useDocumentTitle("Counter");
  const { user, canUseCounter, loading } = useAuth();
  const [params, setParams] = useSearchParams();
  const code = params.get("code");
  const [initialCode] = useState(code);
  // Reached by in-app navigation, the document still has the policies of the
  // page it loaded at, which allow neither the camera nor the decoder: load
  // /counter afresh (the reloaded document was loaded at /counter: no loop).
  const reload = canUseCounter && needsOwnDocument("/counter");

  useEffect(() => {
    if (reload) window.location.reload();
    else if (canUseCounter && code !== null) setParams({}, { replace: true });
  }, [reload, canUseCounter, code, setParams]);

  if (loading || reload) return <PageSpinner label={reload ? "Opening the counter..." : "Checking your session..."} />;
  if (canUseCounter) return <Counter initialCode={initialCode} />;
  if (!user && code === null) return <RedirectToAuth />;
  return <AskStaff signedOut={!user} />;
}
