import { TZDate, tzName } from "@date-fns/tz";
import { format } from "date-fns";

/** The store's zone when the server does not say (DESIGN.md §2). */
export const DEFAULT_TIME_ZONE = "America/Chicago";

/** SPEC.md §2's event date pattern, before the zone abbreviation. */
const EVENT_DATE_PATTERN = "MMMM d, yyyy 'at' h:mm a";

function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** `timeZone` when the browser knows it, else the store default. */
function usableZone(timeZone: string | undefined): string {
  return timeZone && isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
}

/**
 * The zone's abbreviation at that instant: "CST" in winter, "CDT" in summer
 * for America/Chicago (DESIGN.md §4: never a fixed "EST"). Zones without a
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

/**
 * An event time as 'December 3, 2026 at 6:30 PM CST', in the store's time
 * zone. A value that is not a date comes back unchanged (SPEC.md §2).
 */
export function formatEventDate(iso: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  if (typeof iso !== "string" || !iso.trim()) return iso;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  try {
    const zone = usableZone(timeZone);
    const date = new TZDate(ms, zone);
    return `${format(date, EVENT_DATE_PATTERN)} ${zoneAbbreviation(date, zone)}`;
  } catch {
    return iso;
  }
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** Dollars with a dollar sign and two decimals: 48 → "$48.00", 1200.5 → "$1,200.50". */
export function formatMoney(dollars: number): string {
  return usd.format(Number.isFinite(dollars) ? dollars : 0);
}

/** A webinar's display price: "$40.00", or "FREE" for 0 (SPEC.md §2). */
export function formatPrice(dollars: number): string {
  return Number.isFinite(dollars) && dollars > 0 ? formatMoney(dollars) : "FREE";
}

/** "17/20 seats left" (SPEC.md §2: seats as left/total). */
export function formatSeats(seatsLeft: number, totalSeats: number): string {
  return `${seatsLeft}/${totalSeats} seats left`;
}

/** The low-seat badge: "Only 4 seats left", "Only 1 seat left". */
export function formatSeatsLeftBadge(seatsLeft: number): string {
  return `Only ${seatsLeft} ${seatsLeft === 1 ? "seat" : "seats"} left`;
}
