import { ArrowRight, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { store } from "@/config/store";
import { useCouponPolicy } from "@/lib/site-settings/coupon-policy";
import { type Webinar } from "@/lib/webinars/schemas";
import { formatMoney } from "@/lib/money";
import { COUPON_EXPIRY_DAYS } from "../lib/coupon-terms";
import { Link } from "react-router";

export type OfferWebinar = Pick<
  Webinar,
  | "id"
  | "title"
  | "display_price"
  | "coupon_value"
  | "min_purchase"
  | "actual_coupon_value_percentage"
  | "seats_left"
  | "total_seats"
>;

/** A free webinar (price 0) has no card step and no coupon: claiming is a giveaway entry (docs/product.md#free-webinars). */
export function isFreeWebinar(webinar: Pick<Webinar, "display_price">): boolean {
  return webinar.display_price <= 0;
}

/** docs/product.md#coupon-page-webinaridcoupon: the bonus is the coupon percentage minus 100 (120% → '20% bonus'); none at 100% or less. */
export function bonusPercent(webinar: Pick<Webinar, "actual_coupon_value_percentage">): number {
  return Math.max(0, Math.round(webinar.actual_coupon_value_percentage - 100));
}

/**
 * The offer of docs/product.md#coupon-page-webinaridcoupon: pay the price now for a coupon worth the computed
 * value, the bonus, and `children` (the button, the login prompt, the card
 * form...) under it.
 */
export function OfferCard({ webinar, children }: { webinar: OfferWebinar; children: ReactNode }) {
  const free = isFreeWebinar(webinar);
  const bonus = bonusPercent(webinar);
  return (
    <Card className="gap-6 p-5 sm:p-7" role="region" aria-label={free ? "Giveaway entry" : "Coupon offer"}>
      <h2 className="text-xl font-bold text-ink">
        {free
          ? "Enter the Gear Giveaway"
          : `Get ${formatMoney(webinar.coupon_value)} in store credit for ${formatMoney(webinar.display_price)}`}
      </h2>

      {free ? (
        <p className="leading-relaxed text-zinc-700">
          This webinar is free. Claim your seat to be entered into our gear giveaway: no card, no payment. When every
          seat is claimed, we draw a winner.
        </p>
      ) : (
        <div className="grid gap-4">
          <div className="grid grid-cols-[1fr_auto_1fr] items-stretch gap-2 sm:gap-4">
            <div className="grid content-center gap-1 rounded-xl bg-muted p-3 sm:p-4">
              <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">You pay</p>
              <p className="text-2xl font-extrabold tracking-tight text-ink sm:text-4xl">
                {formatMoney(webinar.display_price)}
              </p>
            </div>
            <ArrowRight className="size-5 self-center text-zinc-400 sm:size-6" aria-hidden="true" />
            <div className="relative grid content-center gap-1 rounded-xl bg-green-50 p-3 ring-1 ring-green-200 sm:p-4">
              <p className="text-xs font-semibold tracking-wide text-green-800 uppercase">You get</p>
              <p className="text-2xl font-extrabold tracking-tight text-green-700 sm:text-4xl">
                {formatMoney(webinar.coupon_value)}
              </p>
              {bonus > 0 && (
                <Badge variant="success" className="absolute -top-2.5 right-2 bg-green-700 text-white shadow-sm">
                  {bonus}% bonus
                </Badge>
              )}
            </div>
          </div>
          <p className="leading-relaxed text-zinc-700">
            Pay {formatMoney(webinar.display_price)} now and get a {formatMoney(webinar.coupon_value)} store-credit
            coupon to spend in person at our {store.city} store
            {bonus > 0 ? `: ${bonus}% more than you pay.` : "."}
          </p>
        </div>
      )}

      {children}
    </Card>
  );
}

/** The key terms beside the offer (the full terms of docs/product.md#coupons are printed on the coupon). */
export function KeyTerms({ webinar }: { webinar: OfferWebinar }) {
  const free = isFreeWebinar(webinar);
  // The expiry follows the store's value policy (docs/product.md#coupons "Value
  // policy"); SPEC's 30 days until it loads.
  const policy = useCouponPolicy().data;
  const paid = Math.min(webinar.display_price, webinar.coupon_value);
  const bonus = Math.max(0, webinar.coupon_value - paid);
  const expiry =
    policy?.policy === "split"
      ? [
          policy.paid_never_expires
            ? `The ${formatMoney(paid)} you pay never expires.`
            : `The ${formatMoney(paid)} you pay stays redeemable for ${policy.paid_years} years.`,
          ...(bonus > 0
            ? [`The ${formatMoney(bonus)} bonus is promotional value: it expires ${policy.bonus_days} days after issue.`]
            : []),
        ]
      : [`Expires ${policy?.whole_expiry_days ?? COUPON_EXPIRY_DAYS} days after issue.`];
  const terms = free
    ? [
        "One giveaway entry per webinar registration.",
        "The winner is drawn at random when every seat is claimed, or on the giveaway's draw date.",
        "You must be 21 or older; a FOID card is required for firearm purchases in Illinois.",
      ]
    : [
        `Valid on purchases with a retail value of at least twice the coupon's face value (${formatMoney(webinar.min_purchase)} or more).`,
        `Redeem in person at our ${store.city}, ${store.stateName} store with a printed copy of the coupon.`,
        ...expiry,
        "One coupon per webinar entry.",
        "No cash value; not transferable; cannot be combined with other offers.",
        "Buying a coupon also enters you into our gear giveaway.",
      ];
  return (
    <Card className="gap-3 bg-muted/40 p-5 sm:p-6" role="region" aria-labelledby="key-terms-title">
      <h2 id="key-terms-title" className="flex items-center gap-2 font-bold text-ink">
        <ShieldCheck className="size-5 text-accent-600" aria-hidden="true" />
        Key terms
      </h2>
      <ul className="grid list-disc gap-2 pl-5 text-sm leading-relaxed text-zinc-700 marker:text-zinc-400">
        {terms.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
      <p className="text-sm text-zinc-700">
        No purchase necessary to enter the giveaway.{" "}
        <Link to="/giveaway-rules" className="font-medium text-accent-700 underline">
          Official Giveaway Rules
        </Link>
      </p>
    </Card>
  );
}
