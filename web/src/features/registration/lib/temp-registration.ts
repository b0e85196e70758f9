/**
 * The temporary registration marker (docs/product.md#records, docs/product.md#states-and-transitions): written right after a
 * successful registration, so the watch page can let the user in while the
 * server's answer is still on its way. Valid only for the same webinar and
 * user and for 60 s. localStorage key `temp_webinar_registration`.
 */
export const TEMP_REGISTRATION_KEY = "temp_webinar_registration";

/** How long a marker counts, in milliseconds (docs/product.md#timings-and-constants). */
export const TEMP_REGISTRATION_TTL_MS = 60_000;

export type TempRegistration = {
  webinarId: string;
  userId: string;
  /** Date.now() when written, in milliseconds. */
  timestamp: number;
};

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: there is simply no marker
  }
}

export function writeTempRegistration(webinarId: string, userId: string, now = Date.now()): void {
  const marker: TempRegistration = { webinarId, userId, timestamp: now };
  try {
    storage()?.setItem(TEMP_REGISTRATION_KEY, JSON.stringify(marker));
  } catch {
    // quota or privacy mode: the watch page falls back to the server's answer
  }
}

/** The stored marker, or null when there is none or it is not one of ours. */
export function readTempRegistration(): TempRegistration | null {
  const raw = storage()?.getItem(TEMP_REGISTRATION_KEY);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<TempRegistration> | null;
    if (v && typeof v.webinarId === "string" && typeof v.userId === "string" && typeof v.timestamp === "number") {
      return { webinarId: v.webinarId, userId: v.userId, timestamp: v.timestamp };
    }
  } catch {
    // not JSON: ignore it
  }
  return null;
}

export function clearTempRegistration(): void {
  storage()?.removeItem(TEMP_REGISTRATION_KEY);
}

/**
 * docs/product.md#states-and-transitions: the marker lets the user in only for the same webinar and user
 * and while it is under 60 s old (a marker from the future counts as invalid).
 */
export function isTempRegistrationValid(
  marker: TempRegistration | null,
  webinarId: string,
  userId: string,
  now = Date.now(),
): boolean {
  if (!marker) return false;
  const age = now - marker.timestamp;
  return marker.webinarId === webinarId && marker.userId === userId && age >= 0 && age < TEMP_REGISTRATION_TTL_MS;
}
