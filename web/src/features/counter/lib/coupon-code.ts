// Coupon codes as the counter reads them (docs/api.md#counter): the server
// normalises the same way, so a code the client accepts is the one it looks up.

/** Crockford's base32, the coupon code alphabet: no I, L, O or U. */
const CODE_BODY = /^[0-9A-HJKMNP-TV-Z]{12}$/;

/** Letters read for the digits they look like (Crockford): O → 0, I and L → 1. */
const LOOKALIKES: Record<string, string> = { O: "0", I: "1", L: "1" };

/**
 * The code a scan or a keyboard gave: the `code` query parameter of a URL
 * (the QR of a printed coupon holds `…/counter?code=LW-…`), else the input
 * itself, trimmed.
 */
export function extractCode(input: string): string {
  const text = input.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text) || text.startsWith("/") || /[?&]code=/i.test(text)) {
    try {
      const url = new URL(text, "http://counter.invalid/");
      return (url.searchParams.get("code") ?? "").trim();
    } catch {
      return "";
    }
  }
  return text;
}

/**
 * `LW-XXXX-XXXX-XXXX`, or null when the input cannot be a coupon code.
 * Case-insensitive; spaces and missing or extra hyphens are forgiven, and
 * O, I and L after the "LW" prefix read as 0, 1 and 1.
 */
export function normalizeCouponCode(input: string): string | null {
  const compact = extractCode(input).toUpperCase().replace(/[\s-]+/g, "");
  if (!compact.startsWith("LW")) return null;
  const body = compact.slice(2).replace(/[OIL]/g, (c) => LOOKALIKES[c]);
  if (!CODE_BODY.test(body)) return null;
  return `LW-${body.slice(0, 4)}-${body.slice(4, 8)}-${body.slice(8)}`;
}

