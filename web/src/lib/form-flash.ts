import { useSyncExternalStore } from "react";
import { postedNatively } from "./native-submit";

/**
 * The flash of a form posted before the app started
 * (docs/api.md#forms-without-javascript): the login and sign-up forms and the
 * "Tell me about new webinars" box. The server answers the native post with a
 * redirect and this one-time cookie, which says what the form would have shown.
 * Read once, then deleted.
 */
export const FLASH_COOKIE = "watchwin_flash";

const forms = ["login", "signup", "webinar_alerts"] as const;
const outcomes = ["signed_in", "second_step", "signed_up", "subscribed", "error"] as const;

export type FormFlash = {
  form: (typeof forms)[number];
  outcome: (typeof outcomes)[number];
  /** Of an error: the API's code, message and field. */
  code?: string;
  message?: string;
  field?: string;
  /** What was typed (never a password). */
  values: Record<string, string>;
};

const meta = new Set(["form", "outcome", "code", "message", "field"]);

let pending: FormFlash | null = null;
const listeners = new Set<() => void>();

function parse(raw: string): FormFlash | null {
  const p = new URLSearchParams(raw);
  const form = forms.find((f) => f === p.get("form"));
  const outcome = outcomes.find((o) => o === p.get("outcome"));
  if (!form || !outcome) return null;
  const values: Record<string, string> = {};
  for (const [k, v] of p) if (!meta.has(k)) values[k] = v;
  return {
    form,
    outcome,
    code: p.get("code") ?? undefined,
    message: p.get("message") ?? undefined,
    field: p.get("field") ?? undefined,
    values,
  };
}

/**
 * The waiting flash: a cookie that has arrived is read and deleted, except
 * on the page that posted the form (lib/native-submit.ts), which leaves it
 * to the page the browser is on its way to.
 */
function current(): FormFlash | null {
  if (pending !== null || postedNatively()) return pending;
  const entry = document.cookie.split("; ").find((c) => c.startsWith(`${FLASH_COOKIE}=`));
  if (entry === undefined) return pending;
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${FLASH_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
  pending = parse(entry.slice(FLASH_COOKIE.length + 1));
  return pending;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * The waiting flash if match accepts it, as state: none while the server's
 * paint is hydrated (the paint never shows one), then the flash until taken.
 */
export function useFormFlash(match: (f: FormFlash) => boolean): FormFlash | null {
  const flash = useSyncExternalStore(subscribe, current, () => null);
  return flash && match(flash) ? flash : null;
}

/** The waiting flash, if match accepts it: handed out once. */
export function takeFormFlash(match: (f: FormFlash) => boolean): FormFlash | null {
  const flash = current();
  if (flash === null || !match(flash)) return null;
  pending = null;
  for (const listener of listeners) listener();
  return flash;
}
