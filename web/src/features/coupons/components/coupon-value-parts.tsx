import { useStoreTimeZone } from "@/lib/use-store-time-zone";
import { formatMoney } from "@/lib/money";
import { cn } from "@/lib/utils";
import { formatStoreDay } from "@/lib/store-time";
import { couponValue, promotionalLabel, type CouponValueFields } from "../lib/coupon-value";

type CouponValuePartsProps = {
  coupon: CouponValueFields;
  /** IANA zone for the dates; the store's zone by default. */
  timeZone?: string;
  className?: string;
};

/**
 * A Split coupon's two parts (docs/product.md#coupons "Value policy"): the paid
 * value with the day it lasts until, and the bonus labelled 'Promotional
 * value — expires {date}', or 'bonus expired' once that day has passed.
 * Nothing for a Whole coupon (its one expiry is shown beside it).
 */
export function CouponValueParts({ coupon, timeZone, className }: CouponValuePartsProps) {
  const storeZone = useStoreTimeZone();
  const zone = timeZone ?? storeZone;
  const v = couponValue(coupon);
  if (!v.split) return null;
  return (
    <ul aria-label="Coupon value parts" className={cn("grid gap-1 text-sm", className)}>
      <li>
        <span className="font-semibold">Paid value {formatMoney(v.paid)}</span> —{" "}
        {v.paidNeverExpires ? "never expires" : `valid until ${formatStoreDay(v.paidUntil, zone)}`}
      </li>
      {v.bonus > 0 && (
        <li className={v.bonusExpired ? "text-zinc-500" : undefined}>
          <span className="font-semibold">{formatMoney(v.bonus)}</span>{" "}
          {v.bonusExpired ? (
            <>
              promotional value: <span className="font-semibold uppercase">bonus expired</span> on{" "}
              {formatStoreDay(v.bonusUntil, zone)}
            </>
          ) : (
            promotionalLabel(v.bonusUntil, zone)
          )}
        </li>
      )}
    </ul>
  );
}
