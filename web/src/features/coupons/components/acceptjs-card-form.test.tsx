import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi, renderApp } from "@/test/utils";
import type { StartedPayment } from "@/lib/coupons/schemas";
import type { CardResult } from "../lib/payment-flow";
import { AcceptJsCardForm } from "./acceptjs-card-form";

// Accept.js cannot load here: a stand-in on window answers as the gateway's
// script does, and records what the form hands it.
const payment: StartedPayment = {
  id: "pay_1",
  clientSecret: "",
  provider: "authorizenet",
  amount: 40,
  amount_cents: 4000,
  couponValue: 48,
  coupon_value_cents: 4800,
  hold_expires_at: "2026-12-01T18:15:00Z",
};
const gateway = { acceptJsUrl: "https://jstest.authorize.net/v1/Accept.js", apiLoginId: "login-id", clientKey: "client-key" };

type Answer = Parameters<Parameters<NonNullable<Window["Accept"]>["dispatchData"]>[1]>[0];

function acceptAnswering(answer: Answer) {
  const dispatchData = vi.fn((_data: unknown, handler: (r: Answer) => void) => handler(answer));
  window.Accept = { dispatchData };
  return dispatchData;
}

afterEach(() => {
  delete window.Accept;
});

/** Renders the form; its results are what the payment flow would receive. */
function renderForm() {
  mockApi();
  const results: Promise<CardResult>[] = [];
  const onSubmit = vi.fn((confirmCard: () => Promise<CardResult>) => void results.push(confirmCard()));
  renderApp(<AcceptJsCardForm payment={payment} busy={false} error={null} fieldErrors={{}} onSubmit={onSubmit} onCancel={() => {}} gateway={gateway} />);
  return { onSubmit, results };
}

async function typeCard(expiry = "12/34") {
  const form = await screen.findByRole("form", { name: "Card payment" });
  await userEvent.type(screen.getByLabelText("Card number"), "4111 1111 1111 1111");
  await userEvent.type(screen.getByLabelText("Expiry (MM/YY)"), expiry);
  await userEvent.type(screen.getByLabelText("CVC"), "123{Enter}");
  return form;
}

describe("AcceptJsCardForm", () => {
  it("hands Accept.js the card and the public keys, and the flow only the one-time token", async () => {
    const dispatchData = acceptAnswering({
      opaqueData: { dataDescriptor: "COMMON.ACCEPT.INAPP.PAYMENT", dataValue: "token-1" },
      messages: { resultCode: "Ok", message: [] },
    });
    const { onSubmit, results } = renderForm();
    expect(screen.getByRole("button", { name: "Pay $40.00" })).toBeEnabled();
    await typeCard();

    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(await results[0]).toEqual({
      status: "succeeded",
      opaqueData: { dataDescriptor: "COMMON.ACCEPT.INAPP.PAYMENT", dataValue: "token-1" },
    });
    expect(dispatchData.mock.calls[0][0]).toEqual({
      authData: { clientKey: "client-key", apiLoginID: "login-id" },
      cardData: { cardNumber: "4111111111111111", month: "12", year: "34", cardCode: "123" },
    });
  });

  it("a card Accept.js refuses comes back as invalid with the gateway's words", async () => {
    acceptAnswering({ messages: { resultCode: "Error", message: [{ code: "E_WC_08", text: "Expiration date is invalid." }] } });
    const { results } = renderForm();
    await typeCard("13/20");
    expect(await results[0]).toEqual({ status: "invalid", message: "Expiration date is invalid." });
  });

  it("shows the flow's failure above the pay button", async () => {
    acceptAnswering({ messages: { resultCode: "Ok", message: [] } });
    mockApi();
    renderApp(
      <AcceptJsCardForm payment={payment} busy={false} error="Your card was declined." fieldErrors={{}} onSubmit={() => {}} onCancel={() => {}} gateway={gateway} />,
    );
    expect(await screen.findByText("Payment Failed")).toBeInTheDocument();
    expect(screen.getByText("Your card was declined.")).toBeInTheDocument();
  });

  it("says so when Accept.js cannot load, and a card sent then comes back as an error", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const unreachable = { ...gateway, acceptJsUrl: "https://jstest.authorize.net/v1/Accept.js?unreachable" };
    mockApi();
    const results: Promise<CardResult>[] = [];
    renderApp(
      <AcceptJsCardForm payment={payment} busy={false} error={null} fieldErrors={{}} onSubmit={(confirm) => void results.push(confirm())} onCancel={() => {}} gateway={unreachable} />,
    );
    await typeCard();
    document.head.querySelector<HTMLScriptElement>(`script[src="${unreachable.acceptJsUrl}"]`)?.dispatchEvent(new Event("error"));
    const failure = "The secure card form could not be loaded. Please check your connection and try again.";
    expect(await screen.findByText(failure)).toBeInTheDocument();
    expect(await results[0]).toEqual({ status: "error", message: failure });
  });
});
