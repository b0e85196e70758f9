/** sessionStorage key holding the path to return to after logging in. */
export const REDIRECT_AFTER_AUTH_KEY = "redirectAfterAuth";

/**
 * Turns any redirect target into a same-site path: it starts with exactly one
 * slash, repeated slashes in the path collapse, backslashes count as slashes,
 * and anything with a scheme (https:, javascript:) becomes "/". So "//evil.com"
 * becomes "/evil.com" and can never leave the site.
 */
export function normalizeRedirectPath(input: string | null | undefined): string {
  if (typeof input !== "string") return "/";
  // Control characters (Unicode Cc: C0, DEL, C1) and surrounding blanks are never part of a real path.
  const raw = input.replace(/\p{Cc}/gu, "").trim();
  if (!raw) return "/";
  if (/^[a-z][a-z0-9+.-]*:/i.test(raw)) return "/";

  const cut = raw.search(/[?#]/);
  const pathPart = cut === -1 ? raw : raw.slice(0, cut);
  const rest = cut === -1 ? "" : raw.slice(cut);
  const path = `/${pathPart}`.replace(/\\/g, "/").replace(/\/{2,}/g, "/");
  return path + rest;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled (privacy mode): redirects just fall back to "/"
  }
}

/** Remembers where to go after logging in (path + search). */
export function storeRedirectAfterAuth(path: string): void {
  storage()?.setItem(REDIRECT_AFTER_AUTH_KEY, normalizeRedirectPath(path));
}

/** Reads and clears the remembered path; null when none was stored. */
export function takeRedirectAfterAuth(): string | null {
  const s = storage();
  const value = s?.getItem(REDIRECT_AFTER_AUTH_KEY) ?? null;
  s?.removeItem(REDIRECT_AFTER_AUTH_KEY);
  return value === null ? null : normalizeRedirectPath(value);
}

export function clearRedirectAfterAuth(): void {
  storage()?.removeItem(REDIRECT_AFTER_AUTH_KEY);
}
