import { formatMoney } from "@/lib/money";
// Intl only (no date-fns): the home page formats every card's date, and the
// first visit's JavaScript budget has no room for a date library.

/** The store's zone when the server does not say (docs/product.md#running-it). */
export const DEFAULT_TIME_ZONE = "America/Chicago";

const validZones = new Map<string, boolean>();

/** Whether the browser knows the zone; remembered, since asking Intl is slow and every card asks. */
function isValidTimeZone(timeZone: string): boolean {
  let valid = validZones.get(timeZone);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone });
      valid = true;
    } catch {
      valid = false;
    }
    validZones.set(timeZone, valid);
  }
  return valid;
}

/** `timeZone` when the browser knows it, else the store default. */
function usableZone(timeZone: string | undefined): string {
  return timeZone && isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
}

/** The zone's name at that instant, as Intl spells it ("CST", "Central Time", "GMT+1"). */
function tzName(timeZone: string, date: Date, timeZoneName: "short" | "longGeneric"): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName }).formatToParts(date);
  return parts.find((p) => p.type === "timeZoneName")?.value ?? timeZone;
}

/**
 * The zone's abbreviation at that instant: "CST" in winter, "CDT" in summer
 * for America/Chicago (docs/product.md#deliberate-differences-from-the-original-product: never a fixed "EST"). Zones without a
 * common English abbreviation read like "GMT+1".
 */
export function zoneAbbreviation(date: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return tzName(usableZone(timeZone), date, "short");
}

/** "Central Time (CST)": the zone's generic name and its abbreviation at `date`. */
export function zoneLabel(date: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const zone = usableZone(timeZone);
  const generic = tzName(zone, date, "longGeneric");
  const short = tzName(zone, date, "short");
  return generic === short ? generic : `${generic} (${short})`;
}

const eventDateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The event date format in `timeZone`, else in the store default when the
 * browser does not know that zone. Made once per zone: the first date
 * format a page makes is its slowest step on a phone (the zone data loads).
 */
function eventDateFormat(timeZone: string): Intl.DateTimeFormat {
  let f = eventDateFormats.get(timeZone);
  if (!f) {
    const options: Intl.DateTimeFormatOptions = {
      year: "numeric",
      month: "long",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      hour12: true,
      timeZoneName: "short",
    };
    try {
      f = new Intl.DateTimeFormat("en-US", { ...options, timeZone });
    } catch {
      f = eventDateFormat(DEFAULT_TIME_ZONE);
    }
    eventDateFormats.set(timeZone, f);
  }
  return f;
}

/**
 * An event time as 'December 3, 2026 at 6:30 PM CST', in the store's time
 * zone. A value that is not a date comes back unchanged (docs/product.md#webinar-list-and-card).
 */
export function formatEventDate(iso: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  if (typeof iso !== "string" || !iso.trim()) return iso;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  try {
    const date = new Date(ms);
    // The pattern of docs/product.md#webinar-list-and-card: "MMMM d, yyyy 'at' h:mm a", then the zone's abbreviation.
    const parts = eventDateFormat(timeZone || DEFAULT_TIME_ZONE).formatToParts(date);
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
    return `${part("month")} ${part("day")}, ${part("year")} at ${part("hour")}:${part("minute")} ${part("dayPeriod")} ${part("timeZoneName")}`;
  } catch {
    return iso;
  }
}

/** A webinar's display price: "$40.00", or "FREE" for 0 (docs/product.md#webinar-list-and-card). */
export function formatPrice(dollars: number): string {
  return Number.isFinite(dollars) && dollars > 0 ? formatMoney(dollars) : "FREE";
}

/** "17/20 seats left" (docs/product.md#webinar-list-and-card: seats as left/total). */
export function formatSeats(seatsLeft: number, totalSeats: number): string {
  return `${seatsLeft}/${totalSeats} seats left`;
}

/** The low-seat badge: "Only 4 seats left", "Only 1 seat left". */
export function formatSeatsLeftBadge(seatsLeft: number): string {
  return `Only ${seatsLeft} ${seatsLeft === 1 ? "seat" : "seats"} left`;
}

/** "1:02:03" or "4:05" for a length or a position in seconds (video lengths, transcript times). */
export function formatVideoLength(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.floor(seconds % 60);
  const mm = h > 0 ? String(m).padStart(2, "0") : String(m);
  return `${h > 0 ? `${h}:` : ""}${mm}:${String(s).padStart(2, "0")}`;
}
