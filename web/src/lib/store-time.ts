import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { DEFAULT_TIME_ZONE } from "@/lib/format";

/**
 * The admin enters an event's date and time as wall-clock values in the
 * store's time zone (not the browser's); the API speaks UTC RFC 3339. These
 * convert between the two.
 */

export type WallClock = {
  /** yyyy-MM-dd, the value of an <input type="date"> */
  date: string;
  /** HH:mm, the value of an <input type="time"> */
  time: string;
};

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^(\d{2}):(\d{2})(?::\d{2})?$/;

/** The wall-clock date and time of an instant in `timeZone`; null for a non-date. */
export function toWallClock(iso: string, timeZone: string = DEFAULT_TIME_ZONE): WallClock | null {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return null;
  const d = new TZDate(ms, timeZone);
  return { date: format(d, "yyyy-MM-dd"), time: format(d, "HH:mm") };
}

/** Today's date in `timeZone` as yyyy-MM-dd. */
export function todayIn(timeZone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): string {
  return format(new TZDate(now.getTime(), timeZone), "yyyy-MM-dd");
}

/**
 * The instant of a wall-clock date and time in `timeZone`, as RFC 3339 UTC
 * without milliseconds ("2026-12-04T00:30:00Z"); null when either part is
 * missing or not a real date. A time skipped by a daylight-saving jump
 * moves forward by the jump, as clocks do.
 */
export function fromWallClock(date: string, time: string, timeZone: string = DEFAULT_TIME_ZONE): string | null {
  const dm = DATE_RE.exec(date.trim());
  const tm = TIME_RE.exec(time.trim());
  if (!dm || !tm) return null;
  const [y, mo, d] = [Number(dm[1]), Number(dm[2]), Number(dm[3])];
  const [h, mi] = [Number(tm[1]), Number(tm[2])];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59) return null;
  const zoned = new TZDate(y, mo - 1, d, h, mi, 0, timeZone);
  const ms = zoned.getTime();
  if (Number.isNaN(ms)) return null;
  // 2026-02-30 would roll over to March: refuse it.
  if (zoned.getFullYear() !== y || zoned.getMonth() !== mo - 1 || zoned.getDate() !== d) return null;
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** A day in `timeZone` as the coupon e-mail writes it: 'December 31, 2026' (the raw text when not a date). */
export function formatStoreDay(iso: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  try {
    return format(new TZDate(ms, timeZone), "MMMM d, yyyy");
  } catch {
    return iso;
  }
}
