/**
 * Product texts that the server also writes (docs/product.md#texts-users-see): the SPA's one
 * home for each, so a page that shows one before asking the server says what the server's refusal
 * says (409 `sold_out`).
 */

/** No seat is left, so no coupon can be bought (docs/api.md#payments-and-coupons). */
export const SOLD_OUT_MESSAGE = "All coupons for this webinar have been sold.";
