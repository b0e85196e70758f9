import type { OpaqueData } from "../api/confirm-purchase";
import type { ConfirmedPurchase, StartedPayment } from "@/lib/coupons/schemas";

/** The fields of the test-mode card form; server field errors are mapped onto them. */
export type CardField = "cardNumber" | "expiry" | "cvc" | "postalCode";
export type CardFieldErrors = Partial<Record<CardField, string>>;

/**
 * What a card form reports after asking its provider (the test provider,
 * Stripe.js or Accept.js) to take the card. Every form speaks only this, so
 * the flow does not know which one ran.
 */
export type CardResult =
  | { status: "succeeded"; opaqueData?: OpaqueData }
  /** The card was refused ('Your card was declined.'). */
  | { status: "declined"; message: string }
  /** A field is wrong (the provider's validation); `fieldErrors` when it names one. */
  | { status: "invalid"; message: string; fieldErrors?: CardFieldErrors }
  /** Anything unexpected (network, server, script). */
  | { status: "error"; message?: string };

/** A card form whose provider's script could not load says so. */
export const CARD_FORM_LOAD_FAILED = "The secure card form could not be loaded. Please check your connection and try again.";

/**
 * The payment flow of docs/product.md#states-and-transitions: idle → preparing (the intent is created)
 * → form → confirming the card → completing (the server confirms the
 * purchase) → done (the coupon). A failure at any step returns to the form
 * with a message; a failure before the form returns to idle; the server's
 * refusal to complete after the card was taken keeps the paid intent so the
 * purchase can be completed without charging again.
 */
export type PaymentFlowState =
  | { step: "idle"; error: string | null }
  | { step: "preparing" }
  | { step: "form"; payment: StartedPayment; error: string | null; fieldErrors: CardFieldErrors }
  | { step: "confirming"; payment: StartedPayment }
  | { step: "completing"; payment: StartedPayment }
  /** The card was charged but the server could not complete the purchase yet: retry completing. */
  | { step: "complete_failed"; payment: StartedPayment; error: string }
  | { step: "done"; purchase: ConfirmedPurchase }
  /** Nothing more to do here: the webinar sold out, or the payment was refunded or does not match. */
  | { step: "stopped"; reason: "sold_out" | "refunded" | "mismatch"; message: string };

export type PaymentFlowEvent =
  | { type: "start" }
  | { type: "prepared"; payment: StartedPayment }
  | { type: "prepare_failed"; message: string }
  | { type: "submit" }
  | { type: "card_result"; result: CardResult; fallbackMessage: string }
  | { type: "complete" }
  | { type: "completed"; purchase: ConfirmedPurchase }
  /** The server refused to complete: `retry` keeps the paid intent, else back to the form. */
  | { type: "complete_failed"; message: string; retry: boolean }
  | { type: "stopped"; reason: "sold_out" | "refunded" | "mismatch"; message: string }
  | { type: "cancel" };

export const initialPaymentFlow: PaymentFlowState = { step: "idle", error: null };

/** A payment needs a client secret (docs/product.md#texts-users-see). */
export const NO_CLIENT_SECRET_MESSAGE = "Payment could not be started. Please try again.";

/** The next state; events that make no sense in a state leave it unchanged. */
export function paymentFlowReducer(state: PaymentFlowState, event: PaymentFlowEvent): PaymentFlowState {
  switch (event.type) {
    case "start":
      return state.step === "idle" ? { step: "preparing" } : state;
    case "prepared":
      if (state.step !== "preparing") return state;
      // Authorize.Net has no client secret: its card token is charged at confirm.
      if (!event.payment.clientSecret && event.payment.provider !== "authorizenet") {
        return { step: "idle", error: NO_CLIENT_SECRET_MESSAGE };
      }
      return { step: "form", payment: event.payment, error: null, fieldErrors: {} };
    case "prepare_failed":
      return state.step === "preparing" ? { step: "idle", error: event.message } : state;
    case "submit":
      return state.step === "form" ? { step: "confirming", payment: state.payment } : state;
    case "card_result": {
      if (state.step !== "confirming") return state;
      const { result } = event;
      switch (result.status) {
        case "succeeded":
          return { step: "completing", payment: state.payment };
        case "declined":
          return { step: "form", payment: state.payment, error: result.message, fieldErrors: {} };
        case "invalid":
          return {
            step: "form",
            payment: state.payment,
            // A message tied to a field shows next to it, not twice.
            error: result.fieldErrors && Object.keys(result.fieldErrors).length > 0 ? null : result.message,
            fieldErrors: result.fieldErrors ?? {},
          };
        case "error":
          return { step: "form", payment: state.payment, error: result.message || event.fallbackMessage, fieldErrors: {} };
      }
      return state;
    }
    case "complete":
      return state.step === "complete_failed" ? { step: "completing", payment: state.payment } : state;
    case "completed":
      return state.step === "completing" ? { step: "done", purchase: event.purchase } : state;
    case "complete_failed":
      if (state.step !== "completing") return state;
      return event.retry
        ? { step: "complete_failed", payment: state.payment, error: event.message }
        : { step: "form", payment: state.payment, error: event.message, fieldErrors: {} };
    case "stopped":
      return { step: "stopped", reason: event.reason, message: event.message };
    case "cancel":
      return state.step === "form" ? initialPaymentFlow : state;
  }
}

/** True while a request of the flow is on its way (buttons are disabled). */
export function isPaymentBusy(state: PaymentFlowState): boolean {
  return state.step === "preparing" || state.step === "confirming" || state.step === "completing";
}

/**
 * The one interface every card form (test mode, Stripe Elements, Accept.js)
 * implements. The form collects the card and, on submit, hands the flow a
 * function that confirms it with the form's provider.
 */
export type CardFormProps = {
  payment: StartedPayment;
  /** True while the card is confirmed or the purchase completed: inputs and buttons wait. */
  busy: boolean;
  /** The last decline or failure, shown inline above the pay button. */
  error: string | null;
  /** Messages for single fields (the test form's fields; server 400s are mapped onto them). */
  fieldErrors: CardFieldErrors;
  onSubmit: (confirmCard: () => Promise<CardResult>) => void;
  onCancel: () => void;
};
