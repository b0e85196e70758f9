import { store } from "@/config/store";
import { formatMoney } from "@/features/webinars";

/** Coupon expiry (docs/product.md §11): the default life of a coupon, and the fallback when its dates cannot be read. */
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
 * The coupon terms of docs/product.md §8, worded as the coupon e-mail words them
 * (internal/coupon/email.go), with this coupon's minimum purchase
 * (twice the face value) and life.
 */
export function couponTerms(coupon: { value: number; created_at: string; expires_at: string }): string[] {
  const days = couponLifeDays(coupon.created_at, coupon.expires_at);
  return [
    `Valid only on purchases with a retail value of at least twice the coupon's face value (${formatMoney(coupon.value * 2)} or more).`,
    `Redeemable in person at our ${store.city}, ${store.stateName} store.`,
    "A printed copy of this coupon is required.",
    "One coupon per webinar entry.",
    "No cash value.",
    "Not transferable.",
    "Cannot be combined with other offers.",
    `Expires ${days} ${days === 1 ? "day" : "days"} after issue.`,
  ];
}
