/**
 * The watch page's access check (docs/product.md#states-and-transitions "Watch access", docs/product.md#timings-and-constants), as
 * pure functions so the schedule can be tested without a browser.
 *
 * The registration is asked for once. The server's "not registered" is its
 * final word, and the page says so at once; only while the request fails, or
 * while a temporary marker says this tab just registered (the registration
 * may still be landing), is it asked again, up to 5 more times, waiting
 * 1500 ms before the first retry (2000 ms with the marker) and 1.5 times
 * longer before each next one. (The original product waited the whole
 * schedule, about 20 s, before telling a visitor to register:
 * docs/product.md#deliberate-differences-from-the-original-product.)
 */
export const ACCESS_MAX_RETRIES = 5;
export const ACCESS_BASE_DELAY_MS = 1500;
export const ACCESS_BASE_DELAY_WITH_MARKER_MS = 2000;
export const ACCESS_BACKOFF_FACTOR = 1.5;
/** After a refusal the page waits this long before leaving for the detail page. */
export const ACCESS_DENIED_REDIRECT_MS = 500;

/** Milliseconds to wait before retry number `retry` (1-based). */
export function accessRetryDelay(retry: number, hasMarker: boolean): number {
  const base = hasMarker ? ACCESS_BASE_DELAY_WITH_MARKER_MS : ACCESS_BASE_DELAY_MS;
  return Math.round(base * ACCESS_BACKOFF_FACTOR ** (retry - 1));
}

/** Every wait of a full check, in order: [1500, 2250, 3375, 5063, 7594] without a marker. */
export function accessRetrySchedule(hasMarker: boolean): number[] {
  return Array.from({ length: ACCESS_MAX_RETRIES }, (_, i) => accessRetryDelay(i + 1, hasMarker));
}

export type AccessCheckResult = {
  /** The server found my registration. */
  found: boolean;
  /** The request failed (network, server error) rather than answering "none". */
  errored: boolean;
};

export type AccessStep =
  | { kind: "allow" }
  | { kind: "retry"; delay: number }
  | { kind: "temporary" }
  | { kind: "deny"; reason: "required" | "verification_failed" };

/**
 * What to do after a check. `retriesDone` counts the refetches already made
 * (0 after the first check); `hasMarker` is whether a marker existed when the
 * check began; `markerValid` whether it is valid now. A refusal after failed
 * requests is 'Registration verification failed', otherwise 'Registration required'.
 */
export function nextAccessStep(
  result: AccessCheckResult,
  { retriesDone, hasMarker, markerValid }: { retriesDone: number; hasMarker: boolean; markerValid: boolean },
): AccessStep {
  if (result.found) return { kind: "allow" };
  const mayYetAppear = result.errored || hasMarker;
  if (mayYetAppear && retriesDone < ACCESS_MAX_RETRIES) {
    return { kind: "retry", delay: accessRetryDelay(retriesDone + 1, hasMarker) };
  }
  if (markerValid) return { kind: "temporary" };
  return { kind: "deny", reason: result.errored ? "verification_failed" : "required" };
}
