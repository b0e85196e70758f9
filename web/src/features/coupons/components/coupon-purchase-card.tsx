import { BadgeDollarSign, CircleCheck, LogIn, Ticket, XCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useAuth } from "@/lib/auth/use-auth";
import { type Webinar } from "@/lib/webinars/schemas";
import { webinarPath } from "@/lib/paths";
import { formatMoney } from "@/lib/money";
import { SOLD_OUT_MESSAGE } from "@/lib/texts";
import { isSeatHeldForMe, useWaitlistStanding } from "@/lib/waitlist/get-standing";
import { store } from "@/config/store";

export const COUPON_PURCHASED_MESSAGE =
  "You've already purchased the coupon for this webinar. Please check your email for the coupon code or contact support.";

type CouponPurchaseCardProps = {
  webinar: Pick<
    Webinar,
    "id" | "title" | "display_price" | "coupon_value" | "min_purchase" | "actual_coupon_value_percentage" | "seats_left"
  >;
  /** My registration already holds a purchased coupon (purchased_coupon). */
  purchased: boolean;
  /**
   * The webinar's waiting-list panel, filled by app/ from the waitlist feature: under 'Sold Out'
   * (join, my place, leave), or the time of the seat held for me.
   */
  renderWaitlist?: (webinarId: string) => ReactNode;
};

/**
 * The offer shown on the watch page once the video has ended (docs/product.md#watch-page).
 * Signed out: 'Login Required'. Already bought: the sentence of docs/product.md#watch-page. No seats
 * left: the coupons are sold out (seats cap paid coupons), with the waiting
 * list, unless a seat is held for me (docs/product.md#waiting-list). Otherwise the
 * price, the coupon's value and 'Buy Your Discounted Coupon', which leads to
 * the coupon page where the payment happens.
 */
export function CouponPurchaseCard({ webinar, purchased, renderWaitlist }: CouponPurchaseCardProps) {
  const { user, isAdmin } = useAuth();
  const mayWait = Boolean(user) && !isAdmin && !purchased;
  const standing = useWaitlistStanding(webinar.id, { enabled: mayWait });
  const seatHeld = mayWait && isSeatHeldForMe(standing.data);
  const free = webinar.display_price <= 0 || webinar.coupon_value <= 0;
  const bonus = webinar.actual_coupon_value_percentage - 100;
  const couponPath = `${webinarPath(webinar.id)}/coupon`;

  let action;
  if (!user) {
    action = (
      <Alert variant="warning" role="alert">
        <LogIn aria-hidden="true" />
        <AlertTitle>Login Required</AlertTitle>
        <AlertDescription>
          <p>Please log in to claim your coupon.</p>
          <div className="pt-1">
            <Button asChild size="sm">
              <Link to={`/auth?webinarId=${encodeURIComponent(webinar.id)}`}>Log In</Link>
            </Button>
          </div>
        </AlertDescription>
      </Alert>
    );
  } else if (purchased) {
    action = (
      <Alert variant="success">
        <CircleCheck aria-hidden="true" />
        <AlertDescription>{COUPON_PURCHASED_MESSAGE}</AlertDescription>
      </Alert>
    );
  } else if (webinar.seats_left <= 0 && !seatHeld) {
    action = (
      <>
        <Alert>
          <XCircle aria-hidden="true" />
          <AlertTitle>Sold Out</AlertTitle>
          <AlertDescription>{SOLD_OUT_MESSAGE}</AlertDescription>
        </Alert>
        {mayWait && renderWaitlist?.(webinar.id)}
      </>
    );
  } else {
    action = (
      <>
        {seatHeld && renderWaitlist?.(webinar.id)}
        <Button asChild size="lg" className="h-auto min-h-12 w-full py-3 text-center whitespace-normal">
          <Link to={couponPath}>
            <Ticket aria-hidden="true" />
            {free ? "Claim Your Giveaway Entry" : "Buy Your Discounted Coupon"}
          </Link>
        </Button>
      </>
    );
  }

  return (
    <Card className="gap-5 p-5 sm:p-6" aria-labelledby="coupon-offer-title" role="region">
      <div className="grid gap-1">
        <h2 id="coupon-offer-title" className="flex items-center gap-2 text-lg font-bold text-ink">
          <BadgeDollarSign className="size-5 text-accent-600" aria-hidden="true" />
          {free ? "Your Giveaway Entry" : "Your Exclusive Coupon Offer"}
        </h2>
        <p className="text-sm text-muted-foreground">{webinar.title}</p>
      </div>

      {free ? (
        <p className="text-sm leading-relaxed text-zinc-700">
          This webinar is free. Claim your seat to be entered into our gear giveaway.
        </p>
      ) : (
        <dl className="grid grid-cols-2 gap-3">
          <div className="rounded-lg bg-muted p-3">
            <dt className="text-xs font-medium text-muted-foreground">You pay</dt>
            <dd className="text-2xl font-extrabold tracking-tight text-ink">{formatMoney(webinar.display_price)}</dd>
          </div>
          <div className="rounded-lg bg-green-50 p-3">
            <dt className="text-xs font-medium text-green-800">Coupon value</dt>
            <dd className="text-2xl font-extrabold tracking-tight text-green-700">{formatMoney(webinar.coupon_value)}</dd>
          </div>
          {bonus > 0 && (
            <p className="col-span-2 text-sm font-semibold text-green-700">
              That's {bonus}% bonus store credit at our {store.city} store.
            </p>
          )}
          <p className="col-span-2 text-xs leading-relaxed text-muted-foreground">
            Redeem in person on a purchase of at least {formatMoney(webinar.min_purchase)}. One coupon per webinar
            entry; no cash value.
          </p>
        </dl>
      )}

      {action}
    </Card>
  );
}
