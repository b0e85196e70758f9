import { ArrowLeft, CircleAlert, Gift, LoaderCircle, LogIn, ShoppingCart, Ticket, Wrench, XCircle } from "lucide-react";
import { createContext, useCallback, useContext, useEffect, useRef, type ReactNode } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { PageContainer } from "@/components/layout/page";
import { SubscribeBox } from "@/components/webinar-alerts/subscribe-box";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useAuth } from "@/lib/auth/use-auth";
import { useRegistration } from "@/lib/registrations/get-registration";
import { useWebinar } from "@/lib/webinars/get-webinar";
import { type Webinar } from "@/lib/webinars/schemas";
import { webinarPath } from "@/lib/paths";
import { errorMessage, isApiError } from "@/lib/api";
import { storeRedirectAfterAuth } from "@/lib/redirect";
import { SOLD_OUT_MESSAGE } from "@/lib/texts";
import { notify } from "@/lib/toast";
import { useDocumentTitle } from "@/lib/use-document-title";
import { isSeatHeldForMe, useWaitlistStanding } from "@/lib/waitlist/get-standing";
import { useClaimSeat } from "../api/claim-seat";
import { useWebinarCoupon } from "../api/get-webinar-coupon";
import { useSimulatePurchase } from "../api/simulate-purchase";
import { usePaymentFlow, type PaymentFlow } from "../hooks/use-payment-flow";
import { isPaymentBusy } from "../lib/payment-flow";
import { CouponActivated, CouponLoading, CouponNotReady, GiveawayEntered } from "./coupon-activated";
import { isFreeWebinar, KeyTerms, OfferCard } from "./coupon-offer";
import { PaymentPanel } from "./payment-panel";

export const WATCH_FIRST_MESSAGE = "Please watch the webinar first";
export const LOAD_WEBINAR_FAILED = "Unable to load this webinar. Please try again later.";

function couponPath(webinarId: string): string {
  return `${webinarPath(webinarId)}/coupon`;
}

function BackToWebinar({ webinarId }: { webinarId: string }) {
  return (
    <Button asChild variant="ghost" className="-ml-3 w-fit text-muted-foreground">
      <Link to={webinarPath(webinarId)}>
        <ArrowLeft aria-hidden="true" />
        Back to Webinar
      </Link>
    </Button>
  );
}

function PageSkeleton() {
  return (
    <div role="status" aria-label="Loading coupon offer" className="grid gap-6">
      <div className="grid gap-3">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-5 w-1/2" />
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_340px]">
        <Skeleton className="h-80 w-full rounded-xl" />
        <Skeleton className="h-56 w-full rounded-xl" />
      </div>
    </div>
  );
}

function LoginRequired({ webinarId }: { webinarId: string }) {
  const target = couponPath(webinarId);
  return (
    <Alert variant="warning" role="alert">
      <LogIn aria-hidden="true" />
      <AlertTitle>Login Required</AlertTitle>
      <AlertDescription>
        <p>Please log in to buy your coupon. You'll come right back to this offer.</p>
        <div className="pt-1">
          <Button asChild size="sm">
            <Link to="/auth" state={{ from: target }} onClick={() => storeRedirectAfterAuth(target)}>
              Log In
            </Link>
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}

/**
 * The waiting-list panel app/ puts on this page (WebinarCouponPageProps.renderWaitlist): under
 * 'Sold Out' it joins or leaves the list; over the offer, the seat held for me.
 */
const WaitlistSlot = createContext<ReactNode>(null);

function SoldOut({ message = SOLD_OUT_MESSAGE }: { message?: string }) {
  const waitlist = useContext(WaitlistSlot);
  return (
    <div className="grid gap-6">
      <Alert>
        <XCircle aria-hidden="true" />
        <AlertTitle>Sold Out</AlertTitle>
        <AlertDescription>{message}</AlertDescription>
      </Alert>
      {waitlist}
      <SubscribeBox className="rounded-lg border bg-card p-6" />
    </div>
  );
}

/** Admins see this instead of the payment (docs/product.md#coupon-page-webinaridcoupon, docs/product.md#simulated-purchase): it only marks the registration purchased. */
function SimulatePurchase({ webinarId }: { webinarId: string }) {
  const simulate = useSimulatePurchase();
  const run = () =>
    simulate.mutate(webinarId, {
      onSuccess: () =>
        notify.success("Purchase successful!", "Simulated payment: your registration is marked purchased. No money moved."),
      onError: (error) => notify.error("Purchase Error", errorMessage(error, "Failed to complete purchase. Please try again.")),
    });
  return (
    <div className="grid gap-2 rounded-lg border border-dashed border-amber-300 bg-amber-50 p-4">
      <p className="flex items-center gap-2 text-sm font-semibold text-amber-900">
        <Wrench className="size-4" aria-hidden="true" />
        Admin testing tool
      </p>
      <p className="text-sm text-amber-900">
        Marks your own registration as purchased without a payment. No coupon is issued.
      </p>
      <Button variant="outline" size="lg" onClick={run} disabled={simulate.isPending} aria-busy={simulate.isPending}>
        {simulate.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Wrench aria-hidden="true" />}
        DEV: Simulate Successful Payment
      </Button>
    </div>
  );
}

/** Free webinars: claiming the seat is the giveaway entry; no card, no coupon. */
function ClaimEntry({ webinarId, onWatchFirst }: { webinarId: string; onWatchFirst: () => void }) {
  const claim = useClaimSeat();
  const run = () =>
    claim.mutate(webinarId, {
      onSuccess: () => notify.success("You're in!", "You're entered in the giveaway."),
      onError: (error) => {
        if (isApiError(error) && error.code === "watch_first") {
          onWatchFirst();
          return;
        }
        notify.error("Claim Failed", errorMessage(error, "We couldn't claim your seat. Please try again."));
      },
    });
  const soldOut = isApiError(claim.error) && claim.error.code === "sold_out";
  if (soldOut) return <SoldOut message={claim.error?.message} />;
  return (
    <Button size="lg" className="w-full" onClick={run} disabled={claim.isPending} aria-busy={claim.isPending}>
      {claim.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Gift aria-hidden="true" />}
      {claim.isPending ? "Claiming..." : "Claim Your Giveaway Entry"}
    </Button>
  );
}

/** The paid offer's action: 'Buy Your Discounted Coupon', then the flow's steps. */
function PurchaseAction({ flow }: { flow: PaymentFlow }) {
  const { state } = flow;
  switch (state.step) {
    case "idle":
    case "preparing": {
      const preparing = state.step === "preparing";
      return (
        <div className="grid gap-3">
          {state.step === "idle" && state.error && (
            <Alert variant="destructive">
              <CircleAlert aria-hidden="true" />
              <AlertTitle>Failed to start payment.</AlertTitle>
              <AlertDescription>{state.error}</AlertDescription>
            </Alert>
          )}
          <Button size="lg" className="w-full" onClick={flow.start} disabled={preparing} aria-busy={preparing}>
            {preparing ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <ShoppingCart aria-hidden="true" />}
            {preparing ? "Preparing payment..." : "Buy Your Discounted Coupon"}
          </Button>
        </div>
      );
    }
    case "form":
    case "confirming":
    case "completing":
      return (
        <div className="border-t pt-6">
          <PaymentPanel
            payment={state.payment}
            busy={isPaymentBusy(state)}
            error={state.step === "form" ? state.error : null}
            fieldErrors={state.step === "form" ? state.fieldErrors : {}}
            onSubmit={flow.submitCard}
            onCancel={flow.cancel}
          />
          {state.step === "completing" && (
            <p role="status" className="mt-3 flex items-center gap-2 text-sm text-muted-foreground">
              <LoaderCircle className="size-4 animate-spin text-accent-500" aria-hidden="true" />
              Payment received. Generating your coupon...
            </p>
          )}
        </div>
      );
    case "complete_failed":
      return (
        <div className="grid gap-3">
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <AlertTitle>Failed to generate coupon.</AlertTitle>
            <AlertDescription>
              <p>{state.error}</p>
              <p>Your card was accepted; trying again will not charge it twice.</p>
            </AlertDescription>
          </Alert>
          <Button size="lg" onClick={flow.retryComplete}>
            Try Again
          </Button>
        </div>
      );
    case "stopped":
      if (state.reason === "sold_out") return <SoldOut message={state.message} />;
      return (
        <Alert variant={state.reason === "refunded" ? "warning" : "destructive"} role="alert">
          <XCircle aria-hidden="true" />
          <AlertTitle>{state.reason === "refunded" ? "Payment Refunded" : "Purchase Error"}</AlertTitle>
          <AlertDescription>{state.message}</AlertDescription>
        </Alert>
      );
    case "done":
      return null;
  }
}

type OfferProps = {
  webinar: Webinar;
  flow: PaymentFlow;
  onWatchFirst: () => void;
  /** A waiting-list hold keeps a seat for me: I may buy it though no seat is left for others. */
  seatHeld: boolean;
};

function Offer({ webinar, flow, onWatchFirst, seatHeld }: OfferProps) {
  const { user, isAdmin } = useAuth();
  const waitlist = useContext(WaitlistSlot);
  const free = isFreeWebinar(webinar);
  const inFlow = flow.state.step !== "idle" && flow.state.step !== "preparing";

  let action;
  if (!user) action = <LoginRequired webinarId={webinar.id} />;
  else if (isAdmin) action = <SimulatePurchase webinarId={webinar.id} />;
  else if (webinar.seats_left <= 0 && !inFlow && !seatHeld) action = <SoldOut />;
  else if (free) action = <ClaimEntry webinarId={webinar.id} onWatchFirst={onWatchFirst} />;
  else action = <PurchaseAction flow={flow} />;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_340px] lg:items-start">
      <OfferCard webinar={webinar}>
        {seatHeld && user && !isAdmin && waitlist}
        {action}
      </OfferCard>
      <KeyTerms webinar={webinar} />
    </div>
  );
}

/** After the purchase: the coupon, the refresh message, or (free webinars) the giveaway entry. */
function Purchased({ webinar, simulated, justBought }: { webinar: Webinar; simulated: boolean; justBought: boolean }) {
  const coupon = useWebinarCoupon(webinar.id);
  if (coupon.isPending) return <CouponLoading />;
  if (coupon.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>Error</AlertTitle>
        <AlertDescription>Failed to load coupons. Please try again later.</AlertDescription>
      </Alert>
    );
  }
  if (coupon.data) return <CouponActivated coupon={coupon.data} justBought={justBought} />;
  if (isFreeWebinar(webinar)) return <GiveawayEntered title={webinar.title} />;
  return <CouponNotReady simulated={simulated} />;
}

/**
 * "/webinar/:webinarId/coupon" (docs/product.md#coupon-page-webinaridcoupon): public route, the
 * purchase needs login. Loading, then the error screen when the webinar
 * cannot be loaded; a signed-in user who has not finished the video is sent
 * back to the webinar ('Please watch the webinar first'); otherwise the
 * offer ('Buy Your Discounted Coupon', or 'DEV: Simulate Successful
 * Payment' for admins, or the giveaway claim of a free webinar) and, once
 * bought, 'Coupon Activated' with the printable coupon.
 */
export type WebinarCouponPageProps = {
  /**
   * The webinar's waiting-list panel, filled by app/ from the waitlist feature: under 'Sold Out'
   * (join, my place, leave) and over the offer while a seat is held for me (its time, passing it on).
   */
  renderWaitlist?: (webinarId: string) => ReactNode;
};

export function WebinarCouponPage({ renderWaitlist }: WebinarCouponPageProps = {}) {
  const { webinarId = "" } = useParams();
  const navigate = useNavigate();
  const { user, isAdmin, loading: authLoading } = useAuth();
  const webinar = useWebinar(webinarId || undefined);
  const registration = useRegistration(webinarId, { enabled: Boolean(user) });

  const redirected = useRef(false);
  const leaveToWatch = useCallback(() => {
    if (redirected.current) return;
    redirected.current = true;
    notify.warning(WATCH_FIRST_MESSAGE);
    navigate(webinarPath(webinarId), { replace: true });
  }, [navigate, webinarId]);
  const flow = usePaymentFlow(webinarId, { onWatchFirst: leaveToWatch });

  const reg = registration.data;
  const purchased = flow.state.step === "done" || Boolean(reg?.purchased_coupon);
  // docs/product.md#coupon-page-webinaridcoupon: not finished watching (or not registered at all) → back to the webinar.
  const mustWatch = Boolean(user) && registration.isSuccess && !purchased && !reg?.watched_video_fully;
  useEffect(() => {
    if (mustWatch) leaveToWatch();
  }, [mustWatch, leaveToWatch]);

  // docs/product.md#waiting-list: a seat held for me overrides 'Sold Out' (the server lets me pay
  // for it). Asked of every registrant who may still buy: a held seat is not subtracted from
  // seats_left, so the page cannot tell from the webinar alone.
  const mayWait = Boolean(user) && !isAdmin && Boolean(reg) && !purchased;
  const standing = useWaitlistStanding(webinarId, { enabled: mayWait });
  const seatHeld = mayWait && isSeatHeldForMe(standing.data);
  // Sold out: wait for the standing rather than show 'Sold Out' to the person the seat is held for.
  const awaitingStanding = mayWait && standing.isPending && (webinar.data?.seats_left ?? 1) <= 0;

  const title = purchased ? "Coupon Activated" : "Your Coupon Offer";
  useDocumentTitle(webinar.isError ? "Webinar Not Found" : title);

  let body;
  if (webinar.isError) {
    const notFound = isApiError(webinar.error) && webinar.error.status === 404;
    body = (
      <Alert variant="destructive">
        <AlertTitle>{notFound ? "Webinar Not Found" : "Error"}</AlertTitle>
        <AlertDescription>
          <p>{LOAD_WEBINAR_FAILED}</p>
          <div className="pt-1">
            <Button asChild size="sm" variant="outline">
              <Link to="/webinars">Browse Webinars</Link>
            </Button>
          </div>
        </AlertDescription>
      </Alert>
    );
  } else if (webinar.isPending || authLoading || (user && registration.isPending) || mustWatch || awaitingStanding) {
    body = <PageSkeleton />;
  } else if (user && registration.isError) {
    body = (
      <Alert variant="destructive">
        <AlertTitle>Failed to fetch registration</AlertTitle>
        <AlertDescription>
          <p>{errorMessage(registration.error)}</p>
          <div className="pt-1">
            <Button size="sm" variant="outline" onClick={() => void registration.refetch()}>
              Try Again
            </Button>
          </div>
        </AlertDescription>
      </Alert>
    );
  } else {
    const data = webinar.data;
    const free = isFreeWebinar(data);
    body = (
      <>
        <header className="grid gap-2">
          <p className="flex items-center gap-2 text-sm font-semibold tracking-wide text-accent-600 uppercase">
            <Ticket className="size-4" aria-hidden="true" />
            {free ? "Giveaway entry" : "Store-credit coupon"}
          </p>
          <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
            {purchased ? (free ? "Your Giveaway Entry" : "Your Coupon") : free ? "Claim Your Giveaway Entry" : "Your Coupon Offer"}
          </h1>
          <p className="text-base text-muted-foreground sm:text-lg">{data.title}</p>
        </header>
        {purchased ? (
          <Purchased webinar={data} simulated={isAdmin} justBought={flow.state.step === "done"} />
        ) : (
          <Offer webinar={data} flow={flow} onWatchFirst={leaveToWatch} seatHeld={seatHeld} />
        )}
      </>
    );
  }

  return (
    <PageContainer className="grid max-w-5xl content-start gap-6">
      <BackToWebinar webinarId={webinarId} />
      <WaitlistSlot.Provider value={mayWait ? renderWaitlist?.(webinarId) : null}>{body}</WaitlistSlot.Provider>
    </PageContainer>
  );
}
