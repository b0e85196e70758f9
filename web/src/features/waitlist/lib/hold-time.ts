import { differenceInSeconds } from "date-fns";

/**
 * What is left of a waiting-list hold, as the banner says it: '23h 5m left', '42m left' under an
 * hour. Minutes are rounded up, so the last seconds still read '1m left'; '0m left' once it ended.
 */
export function holdTimeLeft(expiresAt: string, now: Date = new Date()): string {
  const ms = Date.parse(expiresAt);
  if (Number.isNaN(ms)) return "";
  const seconds = Math.max(0, differenceInSeconds(new Date(ms), now));
  const minutes = Math.ceil(seconds / 60);
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours}h ${minutes % 60}m left` : `${minutes}m left`;
}

/** Whether the hold ending at `expiresAt` has ended at `now`. */
export function holdEnded(expiresAt: string, now: Date = new Date()): boolean {
  const ms = Date.parse(expiresAt);
  return !Number.isNaN(ms) && ms <= now.getTime();
}
