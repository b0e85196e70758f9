/** Links between pages that several features write: one spelling each. */

/** The detail page of a webinar. */
export function webinarPath(id: string): string {
  return `/webinar/${encodeURIComponent(id)}`;
}

/** The coupon page of a webinar: its offer, and the coupon once bought. */
export function webinarCouponPath(id: string): string {
  return `${webinarPath(id)}/coupon`;
}

/** The watch page of a webinar, at second `t` of its video when given (`?t=`, as the mails' webinar.WatchPath). */
export function webinarWatchPath(id: string, t?: number): string {
  return `${webinarPath(id)}/watch${t !== undefined && t > 0 ? `?t=${Math.floor(t)}` : ""}`;
}

/** The URL a coupon's QR code holds: the counter page with the code, on this site. */
export function counterUrl(code: string, origin: string = window.location.origin): string {
  return `${origin}/counter?code=${encodeURIComponent(code)}`;
}
