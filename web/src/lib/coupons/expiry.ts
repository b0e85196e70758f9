/**
 * What a coupon shows where its end goes when its paid value never expires
 * (docs/api.md#coupon-value): `expires_at` and `paid_until` then hold
 * 9999-12-31, a date no clock reaches, and `paid_never_expires` is true, so
 * views say this instead of the date. The bonus keeps its own date.
 */
export const PAID_NEVER_EXPIRES = "Paid value never expires";

/** The coupon's end as `format` writes a date, or PAID_NEVER_EXPIRES. */
export function couponEnd(
  coupon: { expires_at: string; paid_never_expires?: boolean },
  format: (iso: string) => string,
): string {
  return coupon.paid_never_expires ? PAID_NEVER_EXPIRES : format(coupon.expires_at);
}
