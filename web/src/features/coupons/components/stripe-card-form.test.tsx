import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { notify } from "@/lib/toast";
import { jsonResponse, mockApi, renderApp, userSession } from "@/test/utils";
import { makeWebinar } from "@/test/webinars";
import { WebinarCouponPage } from "./webinar-coupon-page";
import { makeCoupon } from "@/test/fixtures";

// Stripe.js cannot load here; stand-ins record what the form asks of it.
const stripe = vi.hoisted(() => ({ confirmCardPayment: vi.fn() }));
const cardElement = vi.hoisted(() => ({ focus: vi.fn() }));
const loadStripe = vi.hoisted(() => vi.fn(async () => stripe));
vi.mock("@stripe/stripe-js/pure", () => ({ loadStripe }));
vi.mock("@stripe/react-stripe-js", () => ({
  Elements: ({ children }: { children: ReactNode }) => <div data-testid="elements">{children}</div>,
  CardElement: ({ id }: { id: string }) => <div id={id} data-testid="card-element" />,
  useStripe: () => stripe,
  useElements: () => ({ getElement: () => cardElement }),
}));

const coupon = makeCoupon();

function server() {
  const calls: string[] = [];
  mockApi(userSession, (url, init) => {
    if (init.method === "POST") calls.push(url);
    if (url === "/api/config")
      return jsonResponse({ timezone: "America/Chicago", storeUrl: "", paymentMode: "stripe", stripePublishableKey: "pk_test_123" });
    if (url === "/api/webinars/w1") return jsonResponse(makeWebinar({ id: "w1", title: "Safe Storage at Home" }));
    if (url === "/api/webinars/w1/registration")
      return jsonResponse({
        registration: {
          id: "r1", webinar_id: "w1", user_id: "u1", user_name_for_registration: "Jane Doe",
          user_email_for_registration: "jane@example.com", user_phone_for_registration: null,
          registration_time: "2026-12-01T18:00:00Z", attended_live: false, watched_video_fully: true, purchased_coupon: false,
        },
      });
    if (url === "/api/webinars/w1/payments")
      return jsonResponse(
        { id: "pi_123", clientSecret: "pi_123_secret_456", provider: "stripe", amount: 40, amount_cents: 4000, couponValue: 48, coupon_value_cents: 4800, hold_expires_at: "2026-11-22T18:45:00Z" },
        201,
      );
    if (url === "/api/payments/confirm") return jsonResponse({ code: coupon.code, expiresAt: coupon.expires_at, coupon });
    if (url === "/api/webinars/w1/coupon") return jsonResponse({ coupon: null });
    return undefined;
  });
  return calls;
}

function renderPage() {
  return renderApp([{ path: "/webinar/:webinarId/coupon", element: <WebinarCouponPage /> }], {
    initialEntries: ["/webinar/w1/coupon"],
  });
}

beforeEach(() => {
  vi.spyOn(notify, "error");
  vi.spyOn(notify, "success");
});

describe("Stripe mode", () => {
  it("loads Stripe.js with the publishable key, confirms the card with the client secret, then completes on the server", async () => {
    stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { id: "pi_123", status: "succeeded" } });
    const calls = server();
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Buy Your Discounted Coupon" }));
    const form = await screen.findByRole("form", { name: "Card payment" });
    expect(loadStripe).toHaveBeenCalledWith("pk_test_123");
    expect(within(form).getByText("Card details")).toBeInTheDocument();
    expect(screen.queryByText("Test mode: no money moves")).not.toBeInTheDocument();

    await user.click(within(form).getByRole("button", { name: "Pay $40.00" }));
    expect(await screen.findByRole("heading", { name: "Coupon Activated" })).toBeInTheDocument();
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith("pi_123_secret_456", { payment_method: { card: cardElement } });
    expect(calls).toEqual(["/api/webinars/w1/payments", "/api/payments/confirm"]);
  });

  it("returns to the form with Stripe's message on a declined card", async () => {
    stripe.confirmCardPayment.mockResolvedValue({ error: { type: "card_error", message: "Your card was declined." } });
    const calls = server();
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Buy Your Discounted Coupon" }));
    const form = await screen.findByRole("form", { name: "Card payment" });
    await user.click(within(form).getByRole("button", { name: "Pay $40.00" }));
    expect(await within(form).findByText("Your card was declined.")).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith("Payment Failed", "Your card was declined.");
    expect(calls).toEqual(["/api/webinars/w1/payments"]);
  });

  it("counts a retry on an intent that already succeeded as paid", async () => {
    stripe.confirmCardPayment.mockResolvedValue({
      error: { type: "invalid_request_error", code: "payment_intent_unexpected_state", payment_intent: { status: "succeeded" } },
    });
    server();
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Buy Your Discounted Coupon" }));
    const form = await screen.findByRole("form", { name: "Card payment" });
    await user.click(within(form).getByRole("button", { name: "Pay $40.00" }));
    expect(await screen.findByRole("heading", { name: "Coupon Activated" })).toBeInTheDocument();
  });
});
