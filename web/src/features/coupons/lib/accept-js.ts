// Authorize.Net's Accept.js (https://developer.authorize.net/api/reference/features/acceptjs.html),
// loaded from the gateway's own origin (js.authorize.net, or jstest.authorize.net
// in the sandbox) only when the payment's provider is Authorize.Net. It turns
// the card into a one-time token in the browser: card numbers never touch our server.
import type { AppConfig } from "@/lib/app-config";
import { z } from "@/lib/zod";
import { CARD_FORM_LOAD_FAILED, type CardResult } from "./payment-flow";

/** The public half of the merchant's account, as GET /api/config gives it. */
export type AcceptJsGateway = NonNullable<AppConfig["authorizeNet"]>;

type AcceptResponse = {
  opaqueData?: { dataDescriptor: string; dataValue: string };
  messages: { resultCode: string; message: { code: string; text: string }[] };
};

type AcceptJs = { dispatchData: (data: unknown, handler: (r: AcceptResponse) => void) => void };

declare global {
  interface Window {
    Accept?: AcceptJs;
  }
}

const scripts = new Map<string, Promise<AcceptJs>>();

/**
 * Resolves with window.Accept once the script at url has run: one script per
 * URL for the life of the page (none when Accept.js is already there), every
 * caller sharing its promise. A failed load rejects, and is forgotten with its
 * script tag, so a later call tries again.
 */
export function loadAcceptJs(url: string): Promise<AcceptJs> {
  if (window.Accept) return Promise.resolve(window.Accept);
  let p = scripts.get(url);
  if (!p) {
    const s = document.createElement("script");
    p = new Promise<AcceptJs>((resolve, reject) => {
      s.src = url;
      s.charset = "utf-8";
      s.onload = () => (window.Accept ? resolve(window.Accept) : reject(new Error(`${url} loaded without window.Accept`)));
      s.onerror = () => reject(new Error(`Failed to load ${url}`));
      document.head.appendChild(s);
    });
    scripts.set(url, p);
    p.catch((error: unknown) => {
      console.error("Accept.js failed to load", error);
      scripts.delete(url);
      s.remove();
    });
  }
  return p;
}

/** The card form's fields, read into Accept.js's cardData (Accept.js itself checks them: E_WC_ codes). */
export const acceptCardSchema = z
  .object({ number: z.string(), expiry: z.string(), cvc: z.string() })
  .transform(({ number, expiry, cvc }) => {
    const [month = "", year = ""] = expiry.split("/").map((p) => p.trim());
    return { cardNumber: number.replace(/\s+/g, ""), month, year, cardCode: cvc };
  });
export type AcceptCardFields = z.input<typeof acceptCardSchema>;
export type AcceptCardData = z.output<typeof acceptCardSchema>;

/**
 * Accept.js's answer for the card, in the words of the flow. A card sent
 * before the script has loaded waits for it; a script that cannot load is an error.
 */
export async function tokenizeCard(gateway: AcceptJsGateway, cardData: AcceptCardData): Promise<CardResult> {
  let accept: AcceptJs;
  try {
    accept = await loadAcceptJs(gateway.acceptJsUrl);
  } catch {
    return { status: "error", message: CARD_FORM_LOAD_FAILED };
  }
  return new Promise((resolve) => {
    accept.dispatchData({ authData: { clientKey: gateway.clientKey, apiLoginID: gateway.apiLoginId }, cardData }, (r) => {
      if (r.messages.resultCode === "Ok" && r.opaqueData) {
        resolve({ status: "succeeded", opaqueData: r.opaqueData });
        return;
      }
      resolve({ status: "invalid", message: r.messages.message[0]?.text ?? "Please check your card details." });
    });
  });
}
