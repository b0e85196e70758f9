import { couponEnd } from "@/lib/coupons/expiry";
import { Printer, Ticket } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { WalletButtons } from "@/components/wallet-buttons";
import { couponDisplayStatus, couponValue, CouponValueParts } from "@/features/coupons";
import { type Coupon } from "@/lib/coupons/schemas";
import { formatEventDate } from "@/lib/format";
import { useStoreTimeZone } from "@/lib/use-store-time-zone";
import { formatMoney } from "@/lib/money";
import { CouponPrintDialog } from "./coupon-print-dialog";
import { EmptyTab, TabError } from "./dashboard-states";

export const COUPONS_ERROR = "Failed to load coupons. Please try again later.";

/** docs/product.md#timings-and-constants: three skeletons while a list loads. */
const SKELETONS = 3;
const grid = "grid gap-4 sm:grid-cols-2 lg:grid-cols-3";

type MyCouponsProps = {
  coupons: Coupon[] | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => void;
};

/** The 'My Coupons' tab: each coupon with value, webinar, status, expiry, code and 'Print' (docs/product.md#my-dashboard-dashboard). */
export function MyCoupons({ coupons, isPending, isError, isFetching, refetch }: MyCouponsProps) {
  const [printing, setPrinting] = useState<Coupon | null>(null);

  if (isPending) {
    return (
      <div role="status" aria-label="Loading coupons" className={grid}>
        {Array.from({ length: SKELETONS }, (_, i) => (
          <CouponCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (isError || !coupons) return <TabError message={COUPONS_ERROR} onRetry={refetch} retrying={isFetching} />;
  if (coupons.length === 0) {
    return (
      <EmptyTab icon={Ticket} title="No coupons yet">
        Watch a webinar to the end, then buy a store-credit coupon worth more than you pay. It will be listed here,
        ready to print.
      </EmptyTab>
    );
  }

  return (
    <>
      <ul className={grid} aria-label="My coupons">
        {coupons.map((coupon) => (
          <li key={coupon.id}>
            <CouponCard coupon={coupon} onPrint={() => setPrinting(coupon)} />
          </li>
        ))}
      </ul>
      <CouponPrintDialog coupon={printing} onOpenChange={(open) => !open && setPrinting(null)} />
    </>
  );
}

function CouponCard({ coupon, onPrint }: { coupon: Coupon; onPrint: () => void }) {
  const zone = useStoreTimeZone();
  const status = couponDisplayStatus(coupon);
  const valid = status.label === "Valid";
  const headingId = `coupon-${coupon.id}`;
  // docs/product.md#coupons "Value policy": what it is worth today while valid (a
  // Split coupon past its bonus date: the paid part, 'Bonus expired').
  const value = couponValue(coupon);
  const bonusExpired = valid && value.bonusExpired;

  return (
    <Card className="h-full gap-4 p-5" role="article" aria-labelledby={headingId}>
      <div className="flex items-start justify-between gap-3">
        <div className="grid gap-0.5">
          <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Store credit</p>
          <h3 id={headingId} className={valid ? "text-3xl font-extrabold text-ink" : "text-3xl font-extrabold text-zinc-500"}>
            {formatMoney(valid ? value.today : coupon.value)}
          </h3>
          {valid && value.split && <p className="text-sm text-muted-foreground">worth today</p>}
        </div>
        <div className="grid justify-items-end gap-1">
          <Badge variant={status.variant}>{status.label}</Badge>
          {bonusExpired && <Badge variant="secondary">Bonus expired</Badge>}
        </div>
      </div>
      <CouponValueParts coupon={coupon} timeZone={zone} />

      <dl className="grid gap-3 text-sm">
        <div className="grid gap-0.5">
          <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Webinar</dt>
          <dd className="font-medium text-ink">{coupon.webinar_title}</dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Code</dt>
          <dd className="font-mono text-base font-bold tracking-wider text-ink">{coupon.code}</dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {status.label === "Expired" ? "Expired on" : "Expires"}
          </dt>
          <dd>{couponEnd(coupon, (iso) => formatEventDate(iso, zone))}</dd>
        </div>
        {coupon.redeemed_at && (
          <div className="grid gap-0.5">
            <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Redeemed on</dt>
            <dd>{formatEventDate(coupon.redeemed_at, zone)}</dd>
          </div>
        )}
      </dl>

      {valid && <WalletButtons couponId={coupon.id} className="mt-auto" />}
      <Button variant={valid ? "default" : "outline"} className={valid ? "w-full" : "mt-auto w-full"} onClick={onPrint}>
        <Printer aria-hidden="true" />
        Print{" "}
        <span className="sr-only">coupon {coupon.code}</span>
      </Button>
    </Card>
  );
}

function CouponCardSkeleton() {
  return (
    <div data-testid="coupon-card-skeleton" className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm">
      <div className="flex items-start justify-between">
        <div className="grid gap-2">
          <Skeleton className="h-3 w-20" />
          <Skeleton className="h-8 w-28" />
        </div>
        <Skeleton className="h-5 w-14 rounded-full" />
      </div>
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-5 w-1/2" />
      <Skeleton className="h-4 w-2/3" />
      <Skeleton className="h-10 w-full" />
    </div>
  );
}
