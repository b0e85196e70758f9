/** Browser storage key of the coupons an older version of the site kept locally (docs/product.md#records). */
export const LOCAL_COUPONS_KEY = "webinarCoupons";

/** One coupon as the browser kept it; only `code` matters to the server. */
export type LocalCoupon = {
  code: string;
  value?: number;
  webinarTitle?: string;
  /** The entry as stored, sent to the server unchanged. */
  raw: Record<string, unknown>;
};

function asNumber(v: unknown): number | undefined {
  const n = typeof v === "string" ? Number(v) : v;
  return typeof n === "number" && Number.isFinite(n) ? n : undefined;
}

function asString(v: unknown): string | undefined {
  return typeof v === "string" && v.trim() ? v.trim() : undefined;
}

/**
 * The coupons in localStorage `webinarCoupons`, an object keyed by code.
 * Tolerant of what older versions wrote: an entry's own `code` wins over its
 * key; a list instead of an object is read too; anything unreadable is
 * skipped (never thrown).
 */
export function readLocalCoupons(storage: Storage = localStorage): LocalCoupon[] {
  let parsed: unknown;
  try {
    const text = storage.getItem(LOCAL_COUPONS_KEY);
    if (!text) return [];
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (!parsed || typeof parsed !== "object") return [];
  const entries: [string | undefined, unknown][] = Array.isArray(parsed)
    ? parsed.map((v) => [undefined, v])
    : Object.entries(parsed as Record<string, unknown>);
  const seen = new Set<string>();
  const coupons: LocalCoupon[] = [];
  for (const [key, value] of entries) {
    const raw = value && typeof value === "object" ? (value as Record<string, unknown>) : {};
    const code = asString(raw.code) ?? asString(key);
    if (!code || seen.has(code.toUpperCase())) continue;
    seen.add(code.toUpperCase());
    coupons.push({
      code,
      value: asNumber(raw.value),
      webinarTitle: asString(raw.webinarTitle) ?? asString(raw.webinar_title) ?? asString(raw.webinarName),
      raw: { ...raw, code },
    });
  }
  return coupons;
}

export type ComparisonRow = {
  code: string;
  local?: LocalCoupon;
  server?: { code: string; value: number; webinarTitle: string; status: string };
  /** in both, only in this browser, or only on the server */
  where: "both" | "local" | "server";
};

/** Codes compared as the server does: trimmed, any case. */
const norm = (code: string) => code.trim().toUpperCase();

/** Local and server coupons side by side, matched by code; local-only rows first. */
export function compareCoupons(
  local: LocalCoupon[],
  server: { code: string; value: number; webinar_title: string; status: string }[],
): ComparisonRow[] {
  const byCode = new Map(server.map((c) => [norm(c.code), c]));
  const rows: ComparisonRow[] = local.map((l) => {
    const s = byCode.get(norm(l.code));
    byCode.delete(norm(l.code));
    return {
      code: s?.code ?? l.code,
      local: l,
      server: s && { code: s.code, value: s.value, webinarTitle: s.webinar_title, status: s.status },
      where: s ? "both" : "local",
    };
  });
  for (const s of byCode.values()) {
    rows.push({ code: s.code, server: { code: s.code, value: s.value, webinarTitle: s.webinar_title, status: s.status }, where: "server" });
  }
  const order = { local: 0, both: 1, server: 2 };
  return rows.sort((a, b) => order[a.where] - order[b.where]);
}
