import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useReducer } from "react";
import { registrationKeys } from "@/lib/query-keys/registrations";
import { webinarKeys } from "@/lib/query-keys/webinars";
import { isApiError } from "@/lib/api";
import { notify } from "@/lib/toast";
import { confirmPurchase, type OpaqueData } from "../api/confirm-purchase";
import { couponKeys } from "@/lib/query-keys/coupons";
import type { StartedPayment } from "@/lib/coupons/schemas";
import { startPayment } from "../api/start-payment";
import {
  initialPaymentFlow,
  NO_CLIENT_SECRET_MESSAGE,
  paymentFlowReducer,
  type CardResult,
  type PaymentFlowState,
} from "../lib/payment-flow";

// docs/product.md#texts-users-see texts of the payment flow.
export const PAYMENT_INIT_FAILED = "Failed to initialize payment. Please try again.";
export const PURCHASE_COMPLETE_FAILED = "Failed to complete purchase. Please try again.";
export const PAYMENT_PROCESSING_FAILED = "There was an error processing your payment. Please try again.";
export const PAYMENT_SUCCESS_MESSAGE = "Your coupon has been generated successfully!";

/** The server's own words when it answered with one (a 4xx or 503), else `fallback`. */
function serverMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status > 0 && (error.status < 500 || error.status === 503) && error.code !== "invalid_response") {
    return error.message;
  }
  return fallback;
}

export type PaymentFlow = {
  state: PaymentFlowState;
  /** 'Buy Your Discounted Coupon': creates (or resumes) the payment and opens the card form. */
  start: () => void;
  /** The card form's submit: `confirmCard` asks the provider; success completes the purchase on the server. */
  submitCard: (confirmCard: () => Promise<CardResult>) => void;
  /** After the card was charged but completing failed: ask the server again (no new charge). */
  retryComplete: () => void;
  /** Closes the card form (the seat hold lapses on its own). */
  cancel: () => void;
};

type Options = {
  /** The server says the video was not watched (403 watch_first): the page redirects. */
  onWatchFirst: () => void;
};

/**
 * Runs the payment flow of docs/product.md#states-and-transitions for one webinar with the toasts of
 * docs/product.md#texts-users-see. The state machine is lib/payment-flow.ts; this hook performs
 * its requests. Which card form takes the card does not matter here: each
 * hands `submitCard` a function that confirms the card with its provider.
 */
export function usePaymentFlow(webinarId: string, { onWatchFirst }: Options): PaymentFlow {
  const [state, dispatch] = useReducer(paymentFlowReducer, initialPaymentFlow);
  const queryClient = useQueryClient();
  // One request at a time, even when a button is pressed twice before the
  // re-render: the three steps share one mutation key, and the mutation cache
  // counts a step as running from the moment it is asked for.
  const mutationKey = couponKeys.payment(webinarId);
  const busy = () => queryClient.isMutating({ mutationKey }) > 0;

  const refreshAfterPurchase = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: registrationKeys.all }),
        queryClient.invalidateQueries({ queryKey: couponKeys.mine() }),
        queryClient.invalidateQueries({ queryKey: webinarKeys.all }),
      ]),
    [queryClient],
  );

  const completion = useMutation({
    mutationKey,
    mutationFn: ({ payment, opaqueData }: { payment: StartedPayment; opaqueData?: OpaqueData }) =>
      confirmPurchase(payment.id, opaqueData),
    onSuccess: (purchase) => {
      queryClient.setQueryData(couponKeys.forWebinar(webinarId), purchase.coupon);
      dispatch({ type: "completed", purchase });
      // One toast at a time (docs/product.md#states-and-transitions); the page says the e-mail part inline.
      notify.success("Payment Successful", PAYMENT_SUCCESS_MESSAGE);
      void refreshAfterPurchase();
    },
    onError: (error) => {
      const code = isApiError(error) ? error.code : "";
      if (code === "payment_refunded") {
        const message = serverMessage(error, PURCHASE_COMPLETE_FAILED);
        dispatch({ type: "stopped", reason: "refunded", message });
        notify.error("Payment Refunded", message);
        void refreshAfterPurchase();
      } else if (code === "payment_mismatch") {
        const message = serverMessage(error, PURCHASE_COMPLETE_FAILED);
        dispatch({ type: "stopped", reason: "mismatch", message });
        notify.error("Purchase Error", message);
      } else if (code === "payment_not_successful" || code === "payment_canceled") {
        const message = serverMessage(error, "Payment was not successful");
        dispatch({ type: "complete_failed", message, retry: false });
        notify.error("Payment Failed", message);
      } else {
        dispatch({ type: "complete_failed", message: PURCHASE_COMPLETE_FAILED, retry: true });
        notify.error("Purchase Error", PURCHASE_COMPLETE_FAILED);
      }
    },
  });
  // Settles on its own callbacks above; the caller only waits for it.
  const complete = (payment: StartedPayment, opaqueData?: OpaqueData) =>
    completion.mutateAsync({ payment, opaqueData }).catch(() => undefined);

  const preparation = useMutation({
    mutationKey,
    mutationFn: () => startPayment(webinarId),
    onSuccess: (payment) => {
      dispatch({ type: "prepared", payment });
      if (!payment.clientSecret) notify.error("Payment Error", NO_CLIENT_SECRET_MESSAGE);
    },
    onError: (error) => {
      const code = isApiError(error) ? error.code : "";
      const message = serverMessage(error, PAYMENT_INIT_FAILED);
      if (code === "watch_first") {
        dispatch({ type: "prepare_failed", message });
        onWatchFirst();
        return;
      }
      if (code === "sold_out") {
        dispatch({ type: "stopped", reason: "sold_out", message });
      } else {
        dispatch({ type: "prepare_failed", message });
      }
      notify.error("Payment Error", message);
      // The page shows what the server knows now (bought elsewhere, sold out, made free).
      if (code === "already_purchased" || code === "sold_out" || code === "free_webinar") void refreshAfterPurchase();
    },
  });

  const card = useMutation({
    mutationKey,
    mutationFn: async ({ confirmCard }: { payment: StartedPayment; confirmCard: () => Promise<CardResult> }) => {
      try {
        return await confirmCard();
      } catch (error) {
        console.error("card confirmation failed", error);
        return { status: "error" } satisfies CardResult as CardResult;
      }
    },
    // The card step stays running until the purchase is completed, so no other step starts in between.
    onSuccess: async (result, { payment }) => {
      dispatch({ type: "card_result", result, fallbackMessage: PAYMENT_PROCESSING_FAILED });
      if (result.status === "declined") {
        notify.error("Payment Failed", result.message);
      } else if (result.status === "error") {
        notify.error("Purchase Failed", PAYMENT_PROCESSING_FAILED);
      } else if (result.status === "succeeded") {
        await complete(payment, result.opaqueData);
      }
    },
  });

  const start = () => {
    if (busy()) return;
    dispatch({ type: "start" });
    preparation.mutate();
  };

  const submitCard = (confirmCard: () => Promise<CardResult>) => {
    if (busy() || state.step !== "form") return;
    dispatch({ type: "submit" });
    card.mutate({ payment: state.payment, confirmCard });
  };

  const retryComplete = () => {
    if (busy() || state.step !== "complete_failed") return;
    dispatch({ type: "complete" });
    void complete(state.payment);
  };

  const cancel = () => {
    if (!busy()) dispatch({ type: "cancel" });
  };

  return { state, start, submitCard, retryComplete, cancel };
}
