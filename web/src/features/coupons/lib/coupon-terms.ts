import { store } from "@/config/store";
import { formatMoney } from "@/lib/money";
import { formatStoreDay } from "@/lib/store-time";
import { couponValue, type CouponValueFields } from "./coupon-value";

/** Coupon expiry (docs/product.md#timings-and-constants): the default life of a coupon, and the fallback when its dates cannot be read. */
export const COUPON_EXPIRY_DAYS = 30;

const DAY_MS = 86_400_000;

/**
 * The coupon's life in whole days, from its own dates: the server sets
 * expires_at = created_at + WATCHWIN_COUPON_EXPIRY_DAYS (30 unless the store
 * changed it), so the printed terms say what this coupon really gets.
 */
export function couponLifeDays(createdAt: string, expiresAt: string): number {
  const days = Math.round((Date.parse(expiresAt) - Date.parse(createdAt)) / DAY_MS);
  return Number.isFinite(days) && days > 0 ? days : COUPON_EXPIRY_DAYS;
}

/**
 * The coupon terms of docs/product.md#coupons, worded as the coupon e-mail words them
 * (internal/coupon/email.go), with this coupon's minimum purchase (the
 * server's: twice the face value, or twice the value today for Split) and life.
 */
export function couponTerms(
  coupon: CouponValueFields & { created_at: string; min_purchase: number; min_purchase_today: number },
  timeZone = "America/Chicago",
): string[] {
  const v = couponValue(coupon);
  if (v.split) {
    // A Split coupon (docs/product.md#coupons "Value policy"): the minimum follows
    // the value left on the day, each part has its own date.
    return [
      `Valid only on purchases with a retail value of at least twice the coupon's value on the day of use (${formatMoney(coupon.min_purchase_today)} or more today).`,
      ...commonTerms(),
      v.paidNeverExpires
        ? `The paid value (${formatMoney(v.paid)}) never expires.`
        : `The paid value (${formatMoney(v.paid)}) is valid until ${formatStoreDay(v.paidUntil, timeZone)}.`,
      ...(v.bonus > 0
        ? [`Promotional value (${formatMoney(v.bonus)}) expires ${formatStoreDay(v.bonusUntil, timeZone)}; after that the coupon is worth its paid value.`]
        : []),
    ];
  }
  const days = couponLifeDays(coupon.created_at, coupon.expires_at);
  return [
    `Valid only on purchases with a retail value of at least twice the coupon's face value (${formatMoney(coupon.min_purchase)} or more).`,
    ...commonTerms(),
    `Expires ${days} ${days === 1 ? "day" : "days"} after issue.`,
  ];
}

/** The terms every coupon carries whatever its policy. */
function commonTerms(): string[] {
  return [
    `Redeemable in person at our ${store.city}, ${store.stateName} store.`,
    "A printed copy of this coupon is required.",
    "One coupon per webinar entry.",
    "No cash value.",
    "Not transferable.",
    "Cannot be combined with other offers.",
  ];
}
