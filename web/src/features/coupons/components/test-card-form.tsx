import { zodResolver } from "@hookform/resolvers/zod";
import { FlaskConical, Lock } from "lucide-react";
import { useEffect, useMemo } from "react";
import { useForm } from "react-hook-form";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormControl, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { isApiError } from "@/lib/api";
import { confirmTestCard } from "../api/confirm-test-card";
import type { CardField, CardFormProps, CardResult } from "../lib/payment-flow";
import {
  cardFieldOf,
  formatCardNumber,
  formatExpiry,
  parseExpiry,
  TEST_CARDS,
  testCardSchema,
  type TestCardValues,
} from "../lib/test-card";
import { CardFormFooter } from "./card-form-footer";

/** What the built-in test provider answered, in the words of the flow. */
function cardResultOf(error: unknown): CardResult {
  if (!isApiError(error)) return { status: "error" };
  if (error.status === 402) return { status: "declined", message: error.message };
  if (error.status === 400) {
    const field = cardFieldOf(error.field);
    return { status: "invalid", message: error.message, fieldErrors: field ? { [field]: error.message } : undefined };
  }
  // 404: the payment is gone (wrong secret); 409: it can no longer be paid. Both say what to do.
  if (error.status === 404 || error.status === 409) return { status: "error", message: error.message };
  return { status: "error" };
}

function TestModeNotice({ onUseCard, disabled }: { onUseCard: (number: string) => void; disabled: boolean }) {
  return (
    <Alert variant="info" role="note" aria-label="Test mode">
      <FlaskConical aria-hidden="true" />
      <AlertTitle>Test mode: no money moves</AlertTitle>
      <AlertDescription>
        <p>
          This store is using its built-in test payment provider, so no card is charged. Pay with one of these test
          cards, any future expiry date, any 3-digit CVC and any 5-digit ZIP:
        </p>
        <ul className="mt-1 grid gap-2">
          {TEST_CARDS.map((card) => (
            <li key={card.number} className="grid grid-cols-[1fr_auto] items-center gap-x-3">
              <span className="grid gap-0.5 sm:flex sm:flex-wrap sm:items-baseline sm:gap-x-3">
                <span className="font-mono text-[0.8125rem] font-semibold tracking-wide whitespace-nowrap">{card.number}</span>
                <span className="text-xs text-blue-800 sm:text-sm">{card.outcome}</span>
              </span>
              <Button
                type="button"
                variant="link"
                size="sm"
                className="h-auto px-0 text-blue-800"
                disabled={disabled}
                onClick={() => onUseCard(card.number)}
                aria-label={`Use test card ${card.number}`}
              >
                Use
              </Button>
            </li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}

/**
 * The card form of test mode (the built-in test provider, docs/product.md#card-payment):
 * our own labelled inputs, checked here like a card element checks them and
 * again by the server, whose field errors come back through `fieldErrors`.
 */
export function TestCardForm({ payment, busy, error, fieldErrors, onSubmit, onCancel }: CardFormProps) {
  const schema = useMemo(() => testCardSchema(), []);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<TestCardValues>({
    resolver: zodResolver(schema),
    defaultValues: { cardNumber: "", expiry: "", cvc: "", postalCode: "" },
  });

  // The server's word on a field shows next to it.
  useEffect(() => {
    for (const [field, message] of Object.entries(fieldErrors) as [CardField, string][]) {
      setError(field, { type: "server", message }, { shouldFocus: true });
    }
  }, [fieldErrors, setError]);

  const submit = handleSubmit((values) => {
    const exp = parseExpiry(values.expiry);
    onSubmit(async () => {
      try {
        await confirmTestCard(payment.id, {
          clientSecret: payment.clientSecret,
          cardNumber: values.cardNumber.replace(/\D/g, ""),
          expMonth: exp?.month ?? 0,
          expYear: exp?.year ?? 0,
          cvc: values.cvc.trim(),
          postalCode: values.postalCode.trim(),
        });
        return { status: "succeeded" };
      } catch (e) {
        return cardResultOf(e);
      }
    });
  });

  const cardNumber = register("cardNumber");
  const expiry = register("expiry");

  return (
    <div className="grid gap-5">
      <TestModeNotice
        disabled={busy}
        onUseCard={(number) => setValue("cardNumber", number, { shouldValidate: Boolean(errors.cardNumber) })}
      />
      <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Card payment">
        <fieldset disabled={busy} className="grid gap-4">
          <FormField id="card-number" label="Card number" error={errors.cardNumber?.message}>
            <FormControl>
              <Input
                {...cardNumber}
                onChange={(e) => {
                  e.target.value = formatCardNumber(e.target.value);
                  void cardNumber.onChange(e);
                }}
                inputMode="numeric"
                autoComplete="cc-number"
                placeholder="1234 1234 1234 1234"
                className="font-mono tracking-wide"
              />
            </FormControl>
          </FormField>
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
            <FormField id="card-expiry" label="Expiry (MM / YY)" error={errors.expiry?.message}>
              <FormControl>
                <Input
                  {...expiry}
                  onChange={(e) => {
                    e.target.value = formatExpiry(e.target.value, getValues("expiry"));
                    void expiry.onChange(e);
                  }}
                  inputMode="numeric"
                  autoComplete="cc-exp"
                  placeholder="MM / YY"
                  maxLength={7}
                />
              </FormControl>
            </FormField>
            <FormField id="card-cvc" label="CVC" error={errors.cvc?.message}>
              <FormControl>
                <Input {...register("cvc")} inputMode="numeric" autoComplete="cc-csc" placeholder="123" maxLength={4} />
              </FormControl>
            </FormField>
            <FormField id="card-zip" label="ZIP" error={errors.postalCode?.message} className="col-span-2 sm:col-span-1">
              <FormControl>
                <Input
                  {...register("postalCode")}
                  inputMode="numeric"
                  autoComplete="postal-code"
                  placeholder="60540"
                  maxLength={5}
                />
              </FormControl>
            </FormField>
          </div>
        </fieldset>

        <CardFormFooter amount={payment.amount} error={error} busy={busy} icon={Lock} onCancel={onCancel} />
      </form>
    </div>
  );
}
