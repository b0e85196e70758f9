import type { CounterCoupon, CounterLookup } from "../api/schemas";

/**
 * What the counter shows for one code (docs/api.md#counter):
 * - valid: it may be redeemed now (`undone`: a redemption was just taken back;
 *   `receiptRequired`: only with the POS sale's receipt number);
 * - redeemed-now: this clerk just redeemed it;
 * - already-redeemed: it was redeemed before this scan;
 * - expired; refunded (its payment was given back: never accept it);
 * - disputed (its payment is disputed with the card issuer: never accept it);
 * - not-found (no such coupon, or not a coupon code at all).
 */
export type Verdict =
  | { kind: "valid"; coupon: CounterCoupon; undone?: boolean; receiptRequired?: boolean }
  | { kind: "redeemed-now" | "already-redeemed" | "expired" | "refunded" | "disputed"; coupon: CounterCoupon }
  | { kind: "not-found"; code: string };

/** The verdict of a lookup. */
export function verdictOf({ verdict, coupon, pos_receipt_required }: CounterLookup): Verdict {
  switch (verdict) {
    case "valid":
      return { kind: "valid", coupon, receiptRequired: pos_receipt_required === true };
    case "redeemed":
      return { kind: "already-redeemed", coupon };
    case "expired":
      return { kind: "expired", coupon };
    case "refunded":
      return { kind: "refunded", coupon };
    case "disputed":
      return { kind: "disputed", coupon };
  }
}

/** The code a verdict is about. */
export function codeOf(verdict: Verdict): string {
  return verdict.kind === "not-found" ? verdict.code : verdict.coupon.code;
}
