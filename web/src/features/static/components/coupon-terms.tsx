import { store } from "@/config/store";
import { useCouponPolicy, type CouponPolicy } from "@/lib/site-settings/coupon-policy";

/** Until the policy loads (and if it cannot): SPEC's Whole coupon of 30 days (docs/product.md#coupons). */
const WHOLE_DEFAULT: CouponPolicy = {
  policy: "whole",
  paid_never_expires: false,
  paid_years: 5,
  bonus_days: 30,
  whole_expiry_days: 30,
};

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/**
 * The coupon terms (docs/product.md#coupons) of coupons issued now, from the same
 * settings the coupons are issued under: Whole, one expiry; Split, the paid
 * part's years (or no expiry) and the bonus's days as promotional value.
 */
export function couponTermsFor(p: CouponPolicy): string[] {
  const split = p.policy === "split";
  return [
    split
      ? "Valid only on purchases with a retail value of at least twice the coupon's value on the day of use."
      : "Valid only on purchases with a retail value of at least twice the coupon's face value.",
    `Must be redeemed in person at our ${store.city}, ${store.stateName} store.`,
    "A printed copy of the coupon is required at redemption.",
    "One coupon per webinar entry.",
    "No cash value.",
    "Not transferable.",
    "Cannot be combined with other offers.",
    ...(split
      ? [
          p.paid_never_expires
            ? "The part of the value you paid never expires."
            : `The part of the value you paid is valid for ${plural(p.paid_years, "year")} after issue.`,
          `The bonus above the price is promotional value: it expires ${plural(p.bonus_days, "day")} after issue, and its date is printed on the coupon as "Promotional value — expires {date}".`,
        ]
      : [`Expires ${plural(p.whole_expiry_days, "day")} after issue.`]),
  ];
}

export function CouponTermsList({ className }: { className?: string }) {
  const policy = useCouponPolicy().data ?? WHOLE_DEFAULT;
  return (
    <ul className={className}>
      {couponTermsFor(policy).map((t) => (
        <li key={t}>{t}</li>
      ))}
    </ul>
  );
}

/**
 * The Terms page's store-credit section (docs/product.md#coupons "Value policy"):
 * how long the value of a coupon lasts, generated from the same settings.
 */
export function StoreCreditTerms() {
  const p = useCouponPolicy().data ?? WHOLE_DEFAULT;
  if (p.policy === "split") {
    return (
      <p>
        A coupon has two parts. The part you paid for is store credit that{" "}
        {p.paid_never_expires
          ? "never expires"
          : `stays redeemable for ${plural(p.paid_years, "year")} after issue`}
        . The bonus above the price is promotional value: it expires{" "}
        {plural(p.bonus_days, "day")} after issue, and the coupon says so next to its date. After the bonus expires the
        coupon is still worth what you paid, and the minimum purchase is twice the value that remains.
      </p>
    );
  }
  return (
    <p>
      A coupon's whole value expires {plural(p.whole_expiry_days, "day")} after issue. Where the law gives you longer
      or additional rights for the amount you paid, those rights apply.
    </p>
  );
}
