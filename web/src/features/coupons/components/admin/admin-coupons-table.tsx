import { QrCode } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { AdminTable, responsiveCell } from "@/components/ui/admin-table";
import { Button } from "@/components/ui/button";
import { abbreviateMonth, StackedDateTime } from "@/components/ui/stacked-date-time";
import { PAID_NEVER_EXPIRES } from "@/lib/coupons/expiry";
import { formatEventDate } from "@/lib/format";
import { formatStoreDay } from "@/lib/store-time";
import { useStoreTimeZone } from "@/lib/use-store-time-zone";
import { formatMoney } from "@/lib/money";
import { cn } from "@/lib/utils";
import type { AdminCoupon } from "../../api/admin-schemas";
import { couponDisplayStatus } from "../../lib/coupon-status";
import { couponValue } from "../../lib/coupon-value";
import { CouponRedemptionButton } from "./coupon-redemption-button";
import { CouponRefundButton } from "./coupon-refund-button";

type AdminCouponsTableProps = {
  coupons: AdminCoupon[] | undefined;
  isPending: boolean;
  isError: boolean;
  /** The search the rows answer ("" for all), for the empty state. */
  search: string;
  /** Rows of the previous search while a new one loads. */
  stale?: boolean;
  onShowQr: (coupon: AdminCoupon) => void;
};

const COLUMNS = ["Coupon Code", "Value", "User", "Webinar", "Created", "Expires", "Status", "Redeemed by", "Actions"] as const;

/** An e-mail address that may wrap after its "@" (and at dots and hyphens), never mid-word. */
function Email({ address }: { address: string }) {
  const at = address.indexOf("@");
  if (at < 0) return <span className="break-words">{address}</span>;
  return (
    <span className="break-words">
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </span>
  );
}

/** "Nov 22, 2026" under the Redeemed (or Refunded) badge; the full time is in its tooltip and for screen readers. */
function RedeemedOn({ text, verb = "Redeemed" }: { text: string; verb?: string }) {
  const at = text.lastIndexOf(" at ");
  const day = abbreviateMonth(at < 0 ? text : text.slice(0, at));
  return (
    <span className="text-xs whitespace-nowrap text-muted-foreground" title={`${verb} ${text}`}>
      <span aria-hidden="true">{day}</span>
      <span className="sr-only">
        {verb} {text}
      </span>
    </span>
  );
}

/**
 * Every user's coupons, newest first (docs/product.md#admin-screens): owner
 * 'Unknown' and webinar 'Unknown Webinar' when gone, dates in the store's
 * zone, status 'Redeemed' / 'Expired' / 'Valid' (docs/product.md#states-and-transitions) or
 * 'Refunded', who redeemed it (docs/api.md#counter), the QR popup, the
 * redemption action and the refund.
 */
export function AdminCouponsTable({ coupons, isPending, isError, search, stale = false, onShowQr }: AdminCouponsTableProps) {
  const timeZone = useStoreTimeZone();
  return (
    <AdminTable
      caption="Coupons"
      columns={COLUMNS}
      className={cn("transition-opacity sm:min-w-[1180px]", stale && "opacity-60")}
      rows={coupons}
      isPending={isPending}
      isError={isError && !coupons}
      loading="Loading coupons..."
      error="Failed to load coupons. Please try again later."
      empty={search ? <>No coupons match &ldquo;{search}&rdquo;.</> : "No coupons found. Coupons appear here once customers buy them."}
      headClassName={(c, i) => cn("px-3 py-3 font-semibold", i === 0 && "pl-4", c === "Actions" && "pr-4 text-right")}
      aria-busy={stale || undefined}
      renderRow={(c) => {
              const status = couponDisplayStatus(c);
              return (
                <tr
                  key={c.id}
                  className="align-middle hover:bg-zinc-50/70 max-sm:grid max-sm:grid-cols-2 max-sm:items-start max-sm:gap-x-4 max-sm:gap-y-3 max-sm:p-4"
                >
                  <th scope="row" className="py-3 pr-3 pl-4 max-sm:order-1 max-sm:col-span-2 max-sm:p-0">
                    <span className="font-mono text-sm font-semibold whitespace-nowrap text-ink">{c.code}</span>
                  </th>
                  <td data-label="Value" className={cn(responsiveCell, "font-semibold whitespace-nowrap text-ink max-sm:order-2")}>
                    <CouponValueCell coupon={c} timeZone={timeZone} valid={status.label === "Valid"} />
                  </td>
                  <td data-label="User" className={cn(responsiveCell, "max-sm:order-4 max-sm:col-span-2")}>
                    {c.user_email ? <Email address={c.user_email} /> : <span className="text-muted-foreground">Unknown</span>}
                  </td>
                  <td data-label="Webinar" className={cn(responsiveCell, "max-sm:order-5 max-sm:col-span-2")}>
                    <span className="line-clamp-2">{c.webinar_title}</span>
                  </td>
                  <td data-label="Created" className={cn(responsiveCell, "text-zinc-700 max-sm:order-6")}>
                    <StackedDateTime text={formatEventDate(c.created_at, timeZone)} shortMonth />
                  </td>
                  <td data-label="Expires" className={cn(responsiveCell, "text-zinc-700 max-sm:order-7")}>
                    {c.paid_never_expires ? (
                      PAID_NEVER_EXPIRES
                    ) : (
                      <StackedDateTime text={formatEventDate(c.expires_at, timeZone)} shortMonth />
                    )}
                  </td>
                  <td data-label="Status" className={cn(responsiveCell, "max-sm:order-3")}>
                    <div className="grid gap-1">
                      <Badge variant={status.variant}>{status.label}</Badge>
                      {status.label === "Valid" && c.bonus_expired && <Badge variant="secondary">Bonus expired</Badge>}
                      {status.label === "Redeemed" && c.redeemed_at && (
                        <RedeemedOn text={formatEventDate(c.redeemed_at, timeZone)} />
                      )}
                      {status.label === "Refunded" && c.refunded_at && (
                        <RedeemedOn text={formatEventDate(c.refunded_at, timeZone)} verb="Refunded" />
                      )}
                    </div>
                  </td>
                  <td data-label="Redeemed by" className={cn(responsiveCell, "max-sm:order-8 max-sm:col-span-2")}>
                    {status.label === "Redeemed" ? (
                      (c.redeemed_by_name ?? <span className="text-muted-foreground">Unknown</span>)
                    ) : (
                      <span className="text-muted-foreground">
                        <span aria-hidden="true">—</span>
                        <span className="sr-only">Not redeemed</span>
                      </span>
                    )}
                  </td>
                  <td className="py-3 pr-4 pl-3 max-sm:order-9 max-sm:col-span-2 max-sm:p-0">
                    <div className="flex items-center gap-1 sm:justify-end">
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Show QR code for ${c.code}`}
                        title="Show QR code"
                        onClick={() => onShowQr(c)}
                      >
                        <QrCode aria-hidden="true" />
                      </Button>
                      <CouponRedemptionButton coupon={c} status={status.label} />
                      <CouponRefundButton coupon={c} status={status.label} />
                    </div>
                  </td>
                </tr>
              );
      }}
    />
  );
}

/**
 * The Value column (docs/product.md#coupons "Value policy"): the face value; for a
 * Split coupon its paid part and promotional bonus with their days, and what
 * it is worth today while valid.
 */
function CouponValueCell({ coupon, timeZone, valid }: { coupon: AdminCoupon; timeZone: string; valid: boolean }) {
  const v = couponValue(coupon);
  if (!v.split) return <>{formatMoney(coupon.value)}</>;
  return (
    <div className="grid gap-0.5">
      <span>{formatMoney(coupon.value)}</span>
      <span className="text-xs font-normal text-zinc-700">
        Paid {formatMoney(v.paid)} {v.paidNeverExpires ? "never expires" : `until ${formatStoreDay(v.paidUntil, timeZone)}`}
      </span>
      {v.bonus > 0 && (
        <span className="text-xs font-normal text-zinc-700">
          Promo {formatMoney(v.bonus)} {v.bonusExpired ? "expired" : "until"} {formatStoreDay(v.bonusUntil, timeZone)}
        </span>
      )}
      {valid && <span className="text-xs">Today {formatMoney(v.today)}</span>}
    </div>
  );
}
