/**
 * Drops repeats of one code: a code seen again within `windowMs` of its last
 * sighting is ignored, and each sighting restarts the window. A coupon held
 * in front of the camera is looked up once; shown again after a pause, or a
 * different code, is looked up at once. Times are passed in (ms), so tests
 * need no clock.
 */
export function createScanDebounce(windowMs: number) {
  let lastCode: string | null = null;
  let lastAt = -Infinity;
  return {
    /** True when `code`, seen at `now`, should be looked up. */
    accept(code: string, now: number): boolean {
      const repeat = code === lastCode && now - lastAt < windowMs;
      lastCode = code;
      lastAt = now;
      return !repeat;
    },
    /** Forget the last code (the clerk asked for a lookup themselves). */
    reset() {
      lastCode = null;
      lastAt = -Infinity;
    },
  };
}
