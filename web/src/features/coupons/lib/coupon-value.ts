import { formatStoreDay } from "@/lib/store-time";

/** The value fields of a coupon as the API shows them (docs/api.md#coupon-value), all but value optional. */
export type CouponValueFields = {
  value: number;
  expires_at: string;
  value_policy?: "whole" | "split";
  paid_never_expires?: boolean;
  paid_value?: number;
  paid_until?: string;
  bonus_value?: number;
  bonus_until?: string;
  value_today?: number;
  bonus_expired?: boolean;
};

/** A coupon's value as every view shows it (docs/product.md#coupons "Value policy"). */
export type CouponValue = {
  /** Split: the paid part lasts years, the bonus is promotional value with its own date. */
  split: boolean;
  /** What the counter takes off today, in dollars (the server's figure). */
  today: number;
  paid: number;
  paidUntil: string;
  /** The paid part has no expiry (paidUntil is then 9999-12-31, not to be shown). */
  paidNeverExpires: boolean;
  bonus: number;
  bonusUntil: string;
  /** The bonus has ended while the paid part is still good: 'bonus expired'. */
  bonusExpired: boolean;
};

/** The value of `c`; a coupon without its parts reads as one Whole value. */
export function couponValue(c: CouponValueFields): CouponValue {
  return {
    split: c.value_policy === "split",
    today: c.value_today ?? c.value,
    paid: c.paid_value ?? c.value,
    paidUntil: c.paid_until ?? c.expires_at,
    paidNeverExpires: c.paid_never_expires ?? false,
    bonus: c.bonus_value ?? 0,
    bonusUntil: c.bonus_until ?? c.expires_at,
    bonusExpired: c.bonus_expired ?? false,
  };
}


/** The label of a Split coupon's bonus (docs/product.md#coupons): 'Promotional value — expires {date}'. */
export function promotionalLabel(bonusUntil: string, timeZone: string): string {
  return `Promotional value — expires ${formatStoreDay(bonusUntil, timeZone)}`;
}
