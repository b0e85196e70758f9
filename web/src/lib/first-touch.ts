/**
 * Where a visitor came from (docs/product.md#where-registrants-came-from):
 * the first page of the browser session decides (first touch). Its utm_source,
 * utm_medium, utm_campaign and a short ?ref= code are kept in sessionStorage,
 * which ends with the tab: no cookie, nothing across sessions. A first page
 * without tags keeps an empty touch, which is "direct". Registering sends it;
 * the server sanitises and caps every tag again.
 */
export type FirstTouch = { utm_source?: string; utm_medium?: string; utm_campaign?: string; ref?: string };

const KEY = "watchwin.first-touch";
const TAGS = ["utm_source", "utm_medium", "utm_campaign", "ref"] as const;
/** The longest tag kept (the server's cap is the same or shorter). */
const MAX_TAG = 64;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null; // storage blocked: every visit is direct
  }
}

/** Keeps the first page's tags, once per session. */
export function rememberFirstTouch(search: string): void {
  const store = storage();
  if (!store || store.getItem(KEY) !== null) return;
  const query = new URLSearchParams(search);
  const touch: FirstTouch = {};
  for (const tag of TAGS) {
    const value = query.get(tag)?.trim().slice(0, MAX_TAG);
    if (value) touch[tag] = value;
  }
  try {
    store.setItem(KEY, JSON.stringify(touch));
  } catch {
    // full or blocked: direct
  }
}

/** The session's first touch; null when it had no tags (direct). */
export function firstTouch(): FirstTouch | null {
  const raw = storage()?.getItem(KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    const touch: FirstTouch = {};
    for (const tag of TAGS) if (typeof parsed[tag] === "string" && parsed[tag]) touch[tag] = parsed[tag] as string;
    return Object.keys(touch).length > 0 ? touch : null;
  } catch {
    return null;
  }
}
