// Stripe Elements card form. Loaded lazily (payment-panel.tsx) and only when
// the payment's provider is Stripe: in test mode neither this module nor
// Stripe.js is ever requested.
import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe, StripeCardElement, StripeCardElementOptions } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { LoaderCircle, Lock } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";
import { CARD_FORM_LOAD_FAILED, type CardFormProps, type CardResult } from "../lib/payment-flow";
import { CardFormFooter } from "./card-form-footer";

/** docs/product.md#card-payment: only a payment the provider reports succeeded counts. */
const NOT_SUCCESSFUL = "Payment was not successful";

// One Stripe.js per publishable key for the life of the page (loadStripe inserts the script once).
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = stripes.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    stripes.set(publishableKey, promise);
    promise.catch(() => stripes.delete(publishableKey)); // a later visit may try again
  }
  return promise;
}

const cardOptions: StripeCardElementOptions = {
  hidePostalCode: false,
  style: {
    base: {
      fontSize: "16px",
      color: "#18181b",
      fontFamily: 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
      "::placeholder": { color: "#a1a1aa" },
    },
    invalid: { color: "#c53030", iconColor: "#c53030" },
  },
};

/** Stripe.js's answer to confirmCardPayment, in the words of the flow. */
async function confirmWithStripe(stripe: Stripe, clientSecret: string, card: StripeCardElement): Promise<CardResult> {
  const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } });
  if (error) {
    // A retry after the card was already charged: the intent itself says so.
    if (error.payment_intent?.status === "succeeded") return { status: "succeeded" };
    if (error.type === "card_error") return { status: "declined", message: error.message ?? "Your card was declined." };
    if (error.type === "validation_error") return { status: "invalid", message: error.message ?? NOT_SUCCESSFUL };
    return { status: "error", message: error.message };
  }
  return paymentIntent?.status === "succeeded" ? { status: "succeeded" } : { status: "error", message: NOT_SUCCESSFUL };
}

function CardDetailsForm({ payment, busy, error, onSubmit, onCancel }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);
  const ready = Boolean(stripe && elements);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    onSubmit(() => confirmWithStripe(stripe, payment.clientSecret, card));
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Card payment">
      <div className="grid gap-2">
        <Label htmlFor="stripe-card" onClick={() => elements?.getElement(CardElement)?.focus()}>
          Card details
        </Label>
        <div
          className={cn(
            "rounded-md border border-input bg-background px-3 py-3 shadow-xs transition-colors",
            focused && "border-accent-500 ring-2 ring-accent-500/30",
            fieldError && "border-destructive",
          )}
        >
          <CardElement
            id="stripe-card"
            options={{ ...cardOptions, disabled: busy }}
            onChange={(e) => setFieldError(e.error?.message ?? null)}
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
          />
        </div>
        {fieldError && (
          <p className="text-sm font-medium text-destructive" role="alert">
            {fieldError}
          </p>
        )}
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <Lock className="size-3.5" aria-hidden="true" />
          Card details go straight to Stripe; they never touch our servers.
        </p>
      </div>

      <CardFormFooter amount={payment.amount} error={error} busy={busy} ready={ready} onCancel={onCancel} />
    </form>
  );
}

type StripeCardFormProps = CardFormProps & { publishableKey: string };

/** The card form of Stripe mode: Stripe Elements' CardElement, confirmed with stripe.confirmCardPayment. */
export function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  const [loaded, setLoaded] = useState<{ key: string; stripe: Stripe | null; failed: boolean } | null>(null);

  useEffect(() => {
    let cancelled = false;
    stripeFor(publishableKey).then(
      (stripe) => !cancelled && setLoaded({ key: publishableKey, stripe, failed: !stripe }),
      (error: unknown) => {
        console.error("Stripe.js failed to load", error);
        if (!cancelled) setLoaded({ key: publishableKey, stripe: null, failed: true });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [publishableKey]);

  if (!loaded || loaded.key !== publishableKey) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <LoaderCircle className="size-4 animate-spin text-accent-500" aria-hidden="true" />
        Loading the secure card form...
      </p>
    );
  }
  if (loaded.failed || !loaded.stripe) {
    return (
      <div className="grid gap-3">
        <Alert variant="destructive">
          <AlertTitle>Payment Error</AlertTitle>
          <AlertDescription>{CARD_FORM_LOAD_FAILED}</AlertDescription>
        </Alert>
        <Button type="button" variant="outline" onClick={props.onCancel}>
          Back
        </Button>
      </div>
    );
  }
  return (
    <Elements stripe={loaded.stripe}>
      <CardDetailsForm {...props} />
    </Elements>
  );
}
