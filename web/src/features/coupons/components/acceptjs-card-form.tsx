// Authorize.Net's card form: Accept.js, loaded from the gateway's own origin
// (js.authorize.net, or jstest.authorize.net in the sandbox) only when the
// payment's provider is Authorize.Net, turns the card into a one-time token
// in the browser (Accept.dispatchData). Only the token goes to watchwin,
// which charges it in the confirm call: card numbers never touch our server.
import { CircleAlert, CreditCard, LoaderCircle, Lock } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { formatMoney } from "@/lib/money";
import type { CardFormProps, CardResult } from "../lib/payment-flow";

type Gateway = { acceptJsUrl: string; apiLoginId: string; clientKey: string };

type AcceptResponse = {
  opaqueData?: { dataDescriptor: string; dataValue: string };
  messages: { resultCode: string; message: { code: string; text: string }[] };
};

declare global {
  interface Window {
    Accept?: { dispatchData: (data: unknown, handler: (r: AcceptResponse) => void) => void };
  }
}

const LOAD_FAILED = "The secure card form could not be loaded. Please check your connection and try again.";

// One script per URL for the life of the page (none when Accept.js is
// already on the page).
const scripts = new Map<string, Promise<void>>();
function loadAcceptJs(url: string): Promise<void> {
  if (window.Accept) return Promise.resolve();
  let p = scripts.get(url);
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      const s = document.createElement("script");
      s.src = url;
      s.charset = "utf-8";
      s.onload = () => resolve();
      s.onerror = () => reject(new Error("Accept.js did not load"));
      document.head.appendChild(s);
    });
    scripts.set(url, p);
    p.catch(() => scripts.delete(url));
  }
  return p;
}

/**
 * Accept.js's answer, in the words of the flow (E_WC_ codes are the card's
 * fields). A card sent before the script has loaded waits for it.
 */
async function tokenize(gateway: Gateway, card: { number: string; expiry: string; cvc: string }): Promise<CardResult> {
  const [month = "", year = ""] = card.expiry.split("/").map((p) => p.trim());
  await loadAcceptJs(gateway.acceptJsUrl).catch(() => undefined);
  return new Promise((resolve) => {
    if (!window.Accept) {
      resolve({ status: "error", message: LOAD_FAILED });
      return;
    }
    window.Accept.dispatchData(
      {
        authData: { clientKey: gateway.clientKey, apiLoginID: gateway.apiLoginId },
        cardData: { cardNumber: card.number.replace(/\s+/g, ""), month, year, cardCode: card.cvc },
      },
      (r) => {
        if (r.messages.resultCode === "Ok" && r.opaqueData) {
          resolve({ status: "succeeded", opaqueData: r.opaqueData });
          return;
        }
        resolve({ status: "invalid", message: r.messages.message[0]?.text ?? "Please check your card details." });
      },
    );
  });
}

export function AcceptJsCardForm({ payment, busy, error, onSubmit, onCancel, gateway }: CardFormProps & { gateway: Gateway }) {
  const [loadError, setLoadError] = useState<string | null>(null);
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");

  useEffect(() => {
    let live = true;
    loadAcceptJs(gateway.acceptJsUrl).catch(() => live && setLoadError(LOAD_FAILED));
    return () => {
      live = false;
    };
  }, [gateway.acceptJsUrl]);

  // A press before the script has loaded is kept: tokenize waits for it.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(() => tokenize(gateway, { number, expiry, cvc }));
  };

  const shown = error ?? loadError;
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Card payment">
      <div className="grid gap-2">
        <Label htmlFor="anet-card-number">Card number</Label>
        <Input id="anet-card-number" inputMode="numeric" autoComplete="cc-number" value={number}
          onChange={(e) => setNumber(e.target.value)} disabled={busy} />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-2">
          <Label htmlFor="anet-card-expiry">Expiry (MM/YY)</Label>
          <Input id="anet-card-expiry" inputMode="numeric" autoComplete="cc-exp" placeholder="MM/YY" value={expiry}
            onChange={(e) => setExpiry(e.target.value)} disabled={busy} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="anet-card-cvc">CVC</Label>
          <Input id="anet-card-cvc" inputMode="numeric" autoComplete="cc-csc" value={cvc}
            onChange={(e) => setCvc(e.target.value)} disabled={busy} />
        </div>
      </div>
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <Lock className="size-3.5" aria-hidden="true" />
        Card details go straight to Authorize.Net; they never touch our servers.
      </p>

      {shown && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>Payment Failed</AlertTitle>
          <AlertDescription>{shown}</AlertDescription>
        </Alert>
      )}

      <div className="grid gap-2 sm:grid-cols-[1fr_auto]">
        <Button type="submit" size="lg" disabled={busy} aria-busy={busy}>
          {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <CreditCard aria-hidden="true" />}
          {busy ? "Processing payment..." : `Pay ${formatMoney(payment.amount)}`}
        </Button>
        <Button type="button" variant="ghost" size="lg" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
