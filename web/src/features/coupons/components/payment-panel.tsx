import { LoaderCircle, Timer } from "lucide-react";
import { lazy, Suspense } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { formatMoney } from "@/lib/money";
import { useAppConfig } from "@/lib/app-config";
import type { CardFormProps } from "../lib/payment-flow";
import { TestCardForm } from "./test-card-form";

// Their own chunks: the Accept.js form and Stripe Elements (with their script
// loaders) are fetched only when a payment's provider needs them, never in test mode.
const AcceptJsCardForm = lazy(() => import("./acceptjs-card-form").then((m) => ({ default: m.AcceptJsCardForm })));
const StripeCardForm = lazy(() => import("./stripe-card-form").then((m) => ({ default: m.StripeCardForm })));

function holdUntil(iso: string): string | null {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return null;
  return new Date(ms).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" });
}

function Loading({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <LoaderCircle className="size-4 animate-spin text-accent-500" aria-hidden="true" />
      {label}
    </p>
  );
}

/**
 * The card step of the payment flow: what is being paid, how long the seat
 * is held, and the card form of the payment's provider (test mode's own
 * form, Accept.js or Stripe Elements), all behind CardFormProps.
 */
export function PaymentPanel(props: CardFormProps) {
  const { payment } = props;
  const config = useAppConfig();
  const until = holdUntil(payment.hold_expires_at);

  let form;
  if (payment.provider === "authorizenet" && config.data?.authorizeNet) {
    form = (
      <Suspense fallback={<Loading label="Loading the secure card form..." />}>
        <AcceptJsCardForm {...props} gateway={config.data.authorizeNet} />
      </Suspense>
    );
  } else if (payment.provider !== "stripe" && payment.provider !== "authorizenet") {
    form = <TestCardForm {...props} />;
  } else if (config.isPending) {
    form = <Loading label="Loading the secure card form..." />;
  } else if (payment.provider === "authorizenet" || !config.data?.stripePublishableKey) {
    form = (
      <div className="grid gap-3">
        <Alert variant="destructive">
          <AlertTitle>Payment Error</AlertTitle>
          <AlertDescription>Card payments are not available right now. Please try again later.</AlertDescription>
        </Alert>
        <Button type="button" variant="outline" onClick={props.onCancel}>
          Back
        </Button>
      </div>
    );
  } else {
    form = (
      <Suspense fallback={<Loading label="Loading the secure card form..." />}>
        <StripeCardForm {...props} publishableKey={config.data.stripePublishableKey} />
      </Suspense>
    );
  }

  return (
    <section aria-labelledby="payment-title" className="grid gap-5">
      <div className="grid gap-1">
        <h2 id="payment-title" className="text-lg font-bold text-ink">
          Pay {formatMoney(payment.amount)} by card
        </h2>
        <p className="text-sm text-muted-foreground">
          You'll receive a {formatMoney(payment.couponValue)} store-credit coupon as soon as the payment goes through.
        </p>
        {until && (
          <p className="mt-1 flex items-center gap-1.5 text-sm text-zinc-700">
            <Timer className="size-4 text-accent-600" aria-hidden="true" />
            Your seat is held for you until {until}.
          </p>
        )}
      </div>
      {form}
    </section>
  );
}
