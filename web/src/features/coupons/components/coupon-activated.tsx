import { CircleCheck, Gift, LayoutDashboard, RefreshCw } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { WalletButtons } from "@/components/wallet-buttons";
import type { Coupon } from "@/lib/coupons/schemas";
import { PrintableCoupon, PrintCouponButton } from "./printable-coupon";

/** docs/product.md#texts-users-see's purchase text, said on the page (the toast says 'Payment Successful'). */
export const COUPON_EMAIL_MESSAGE = "Your coupon will be sent to your email shortly.";

export const COUPON_NOT_READY_MESSAGE =
  "Your purchase is recorded, but your coupon isn't ready to show yet. Please refresh the page in a moment.";

function DashboardLink() {
  return (
    <Button asChild variant="outline" size="lg">
      <Link to="/dashboard">
        <LayoutDashboard aria-hidden="true" />
        My Dashboard
      </Link>
    </Button>
  );
}

/**
 * 'Coupon Activated' (docs/product.md#coupon-page-webinaridcoupon): the printable coupon with its QR code, and
 * printing it. `justBought`: the payment form this replaces may have been
 * scrolled far down, so the heading takes focus and comes into view.
 */
export function CouponActivated({ coupon, justBought = false }: { coupon: Coupon; justBought?: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!justBought) return;
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView({ block: "center" });
  }, [justBought]);
  return (
    <section aria-labelledby="coupon-activated-title" className="mx-auto grid w-full max-w-2xl gap-6">
      <Alert variant="success" role="status">
        <CircleCheck aria-hidden="true" />
        <AlertTitle>
          <h2 id="coupon-activated-title" ref={heading} tabIndex={-1} className="text-lg font-bold outline-none">
            Coupon Activated
          </h2>
        </AlertTitle>
        <AlertDescription>
          <p>
            Your {coupon.code} coupon is ready. Print it and bring it to the store. {COUPON_EMAIL_MESSAGE}
          </p>
        </AlertDescription>
      </Alert>
      <PrintableCoupon coupon={coupon} />
      <WalletButtons couponId={coupon.id} />
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
        <PrintCouponButton code={coupon.code} size="lg" />
        <DashboardLink />
      </div>
    </section>
  );
}

/** The purchase is recorded but the coupon row is not there (yet): a message to refresh. */
export function CouponNotReady({ simulated }: { simulated: boolean }) {
  return (
    <section aria-labelledby="coupon-activated-title" className="mx-auto grid w-full max-w-2xl gap-6">
      <Alert variant="success" role="status">
        <CircleCheck aria-hidden="true" />
        <AlertTitle>
          <h2 id="coupon-activated-title" className="text-lg font-bold">
            Coupon Activated
          </h2>
        </AlertTitle>
        <AlertDescription>
          <p>{COUPON_NOT_READY_MESSAGE}</p>
          {simulated && <p>Simulated payments (admins only) mark the purchase without issuing a coupon.</p>}
        </AlertDescription>
      </Alert>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button size="lg" onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" />
          Refresh Page
        </Button>
        <DashboardLink />
      </div>
    </section>
  );
}

export function CouponLoading() {
  return (
    <div role="status" aria-label="Loading your coupon" className="mx-auto grid w-full max-w-2xl gap-4">
      <Skeleton className="h-20 w-full rounded-lg" />
      <Skeleton className="h-80 w-full rounded-xl" />
    </div>
  );
}

/** A free webinar's claimed seat: a giveaway entry, no coupon (docs/product.md#free-webinars). */
export function GiveawayEntered({ title }: { title: string }) {
  return (
    <Card className="items-center gap-4 p-6 text-center sm:p-10" role="region" aria-labelledby="giveaway-entered-title">
      <span className="flex size-14 items-center justify-center rounded-full bg-green-100 text-green-700">
        <Gift className="size-7" aria-hidden="true" />
      </span>
      <h2 id="giveaway-entered-title" className="text-2xl font-extrabold tracking-tight text-ink">
        You're entered in the giveaway
      </h2>
      <p className="max-w-md leading-relaxed text-zinc-700">
        Your seat for <span className="font-semibold">{title}</span> is claimed. When every seat is taken we draw a
        winner at random and let them know by e-mail. Free webinars come with no coupon.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <DashboardLink />
        <Button asChild variant="ghost" size="lg">
          <Link to="/webinars">Browse Webinars</Link>
        </Button>
      </div>
    </Card>
  );
}
