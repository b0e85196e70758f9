import { api } from "@/lib/api";
import { counterLookupSchema, type CounterLookup } from "./schemas";

// The counter routes (docs/api.md#counter), staff or admin. The code goes in
// the path already normalised (lib/coupon-code.ts); the server normalises too.
const path = (code: string) => `/api/counter/coupons/${encodeURIComponent(code)}`;

/** GET …/{code}: the verdict; 404 `coupon_not_found` for no such coupon. */
export function lookUpCoupon(code: string, signal?: AbortSignal): Promise<CounterLookup> {
  return api.get(path(code), { schema: counterLookupSchema, signal });
}

/**
 * POST …/{code}/redeem: one conditional update on the server, so of two
 * clerks only one wins; the other gets 409 `already_redeemed` (no coupon in
 * the body: look it up again). 409 `coupon_expired` when it expired meanwhile.
 * `posReceipt`: the POS sale's receipt number ("" for none; 400 `pos_receipt` when the store requires one).
 */
export function redeemCoupon(code: string, posReceipt: string): Promise<CounterLookup> {
  return api.post(`${path(code)}/redeem`, { pos_receipt: posReceipt }, { schema: counterLookupSchema });
}

/**
 * POST …/{code}/unredeem: back to valid. Staff may undo only their own
 * redemption, shortly after it (`can_undo`); 403 `undo_not_allowed`, 409 `not_redeemed`.
 */
export function unredeemCoupon(code: string): Promise<CounterLookup> {
  return api.post(`${path(code)}/unredeem`, undefined, { schema: counterLookupSchema });
}
