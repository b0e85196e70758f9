// Authorize.Net's card form: Accept.js (lib/accept-js.ts) turns the card into
// a one-time token in the browser (Accept.dispatchData). Only the token goes
// to watchwin, which charges it in the confirm call.
import { zodResolver } from "@hookform/resolvers/zod";
import { Lock } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { FormControl, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import {
  acceptCardSchema,
  loadAcceptJs,
  tokenizeCard,
  type AcceptCardData,
  type AcceptCardFields,
  type AcceptJsGateway,
} from "../lib/accept-js";
import { CARD_FORM_LOAD_FAILED, type CardFormProps } from "../lib/payment-flow";
import { CardFormFooter } from "./card-form-footer";

export function AcceptJsCardForm({ payment, busy, error, onSubmit, onCancel, gateway }: CardFormProps & { gateway: AcceptJsGateway }) {
  const [loadError, setLoadError] = useState<string | null>(null);
  const { register, handleSubmit } = useForm<AcceptCardFields, unknown, AcceptCardData>({
    resolver: zodResolver(acceptCardSchema),
    defaultValues: { number: "", expiry: "", cvc: "" },
  });

  useEffect(() => {
    let live = true;
    loadAcceptJs(gateway.acceptJsUrl).catch(() => live && setLoadError(CARD_FORM_LOAD_FAILED));
    return () => {
      live = false;
    };
  }, [gateway.acceptJsUrl]);

  // A press before the script has loaded is kept: tokenizeCard waits for it.
  const submit = handleSubmit((card) => onSubmit(() => tokenizeCard(gateway, card)));

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Card payment">
      <fieldset disabled={busy} className="grid gap-4">
        <FormField id="anet-card-number" label="Card number">
          <FormControl>
            <Input {...register("number")} inputMode="numeric" autoComplete="cc-number" />
          </FormControl>
        </FormField>
        <div className="grid grid-cols-2 gap-3">
          <FormField id="anet-card-expiry" label="Expiry (MM/YY)">
            <FormControl>
              <Input {...register("expiry")} inputMode="numeric" autoComplete="cc-exp" placeholder="MM/YY" />
            </FormControl>
          </FormField>
          <FormField id="anet-card-cvc" label="CVC">
            <FormControl>
              <Input {...register("cvc")} inputMode="numeric" autoComplete="cc-csc" />
            </FormControl>
          </FormField>
        </div>
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <Lock className="size-3.5" aria-hidden="true" />
          Card details go straight to Authorize.Net; they never touch our servers.
        </p>
      </fieldset>

      <CardFormFooter amount={payment.amount} error={error ?? loadError} busy={busy} onCancel={onCancel} />
    </form>
  );
}
