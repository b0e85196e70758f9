import { describe, expect, it } from "vitest";
import type { ConfirmedPurchase, StartedPayment } from "@/lib/coupons/schemas";
import {
  initialPaymentFlow,
  isPaymentBusy,
  NO_CLIENT_SECRET_MESSAGE,
  paymentFlowReducer,
  type PaymentFlowEvent,
  type PaymentFlowState,
} from "./payment-flow";

const payment: StartedPayment = {
  id: "pi_test_1",
  clientSecret: "pi_test_1_secret_x",
  provider: "test",
  amount: 40,
  amount_cents: 4000,
  couponValue: 48,
  coupon_value_cents: 4800,
  hold_expires_at: "2026-12-01T18:15:00Z",
};

const purchase = { code: "LW-7K3M-Q9PX-4TRW", expiresAt: "2026-12-31T18:00:00Z" } as ConfirmedPurchase;

function run(...events: PaymentFlowEvent[]): PaymentFlowState {
  return events.reduce(paymentFlowReducer, initialPaymentFlow);
}

const toForm: PaymentFlowEvent[] = [{ type: "start" }, { type: "prepared", payment }];
const fallback = "There was an error processing your payment. Please try again.";

describe("paymentFlowReducer (docs/product.md#states-and-transitions payment flow)", () => {
  it("goes idle → preparing → form → confirming → completing → done", () => {
    const steps: string[] = [];
    let state = initialPaymentFlow;
    const events: PaymentFlowEvent[] = [
      ...toForm,
      { type: "submit" },
      { type: "card_result", result: { status: "succeeded" }, fallbackMessage: fallback },
      { type: "completed", purchase },
    ];
    for (const event of events) {
      state = paymentFlowReducer(state, event);
      steps.push(state.step);
    }
    expect(steps).toEqual(["preparing", "form", "confirming", "completing", "done"]);
    expect(state).toEqual({ step: "done", purchase });
  });

  it("returns to idle with the message when preparing fails, and without a client secret", () => {
    expect(run({ type: "start" }, { type: "prepare_failed", message: "Failed to initialize payment. Please try again." })).toEqual({
      step: "idle",
      error: "Failed to initialize payment. Please try again.",
    });
    expect(run({ type: "start" }, { type: "prepared", payment: { ...payment, clientSecret: "" } })).toEqual({
      step: "idle",
      error: NO_CLIENT_SECRET_MESSAGE,
    });
  });

  it("returns to the form with the card's message on a decline", () => {
    const state = run(...toForm, { type: "submit" }, {
      type: "card_result",
      result: { status: "declined", message: "Your card was declined." },
      fallbackMessage: fallback,
    });
    expect(state).toEqual({ step: "form", payment, error: "Your card was declined.", fieldErrors: {} });
    // And the form can be submitted again.
    expect(paymentFlowReducer(state, { type: "submit" }).step).toBe("confirming");
  });

  it("puts a field error next to its field, not twice", () => {
    const state = run(...toForm, { type: "submit" }, {
      type: "card_result",
      result: { status: "invalid", message: "Your postal code is incomplete.", fieldErrors: { postalCode: "Your postal code is incomplete." } },
      fallbackMessage: fallback,
    });
    expect(state).toEqual({ step: "form", payment, error: null, fieldErrors: { postalCode: "Your postal code is incomplete." } });
  });

  it("uses the fallback message for an unexpected card failure", () => {
    const state = run(...toForm, { type: "submit" }, { type: "card_result", result: { status: "error" }, fallbackMessage: fallback });
    expect(state).toMatchObject({ step: "form", error: fallback });
  });

  it("keeps the paid intent when completing fails and can retry without a new card step", () => {
    const failed = run(...toForm, { type: "submit" }, { type: "card_result", result: { status: "succeeded" }, fallbackMessage: fallback }, {
      type: "complete_failed",
      message: "Failed to complete purchase. Please try again.",
      retry: true,
    });
    expect(failed).toEqual({ step: "complete_failed", payment, error: "Failed to complete purchase. Please try again." });
    const retrying = paymentFlowReducer(failed, { type: "complete" });
    expect(retrying).toEqual({ step: "completing", payment });
    expect(paymentFlowReducer(retrying, { type: "completed", purchase }).step).toBe("done");
  });

  it("returns to the form when the server says the payment did not succeed", () => {
    const state = run(...toForm, { type: "submit" }, { type: "card_result", result: { status: "succeeded" }, fallbackMessage: fallback }, {
      type: "complete_failed",
      message: "Payment was not successful",
      retry: false,
    });
    expect(state).toMatchObject({ step: "form", error: "Payment was not successful" });
  });

  it("stops on a refund or a sold-out webinar", () => {
    const message = "Sorry, the last seat was taken while you were paying. Your payment has been refunded in full.";
    expect(run(...toForm, { type: "stopped", reason: "refunded", message })).toEqual({ step: "stopped", reason: "refunded", message });
    expect(run({ type: "start" }, { type: "stopped", reason: "sold_out", message: "All coupons for this webinar have been sold." }).step).toBe(
      "stopped",
    );
  });

  it("ignores events that make no sense in the current state", () => {
    expect(run({ type: "submit" })).toBe(initialPaymentFlow);
    expect(run({ type: "completed", purchase })).toBe(initialPaymentFlow);
    const confirming = run(...toForm, { type: "submit" });
    expect(paymentFlowReducer(confirming, { type: "cancel" })).toBe(confirming);
    expect(paymentFlowReducer(confirming, { type: "start" })).toBe(confirming);
  });

  it("cancel closes the form", () => {
    expect(run(...toForm, { type: "cancel" })).toEqual(initialPaymentFlow);
  });

  it("is busy only while a request is on its way", () => {
    expect(isPaymentBusy(run({ type: "start" }))).toBe(true);
    expect(isPaymentBusy(run(...toForm))).toBe(false);
    expect(isPaymentBusy(run(...toForm, { type: "submit" }))).toBe(true);
  });
});
