import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Session } from "@/lib/auth/session-schemas";
import { REDIRECT_AFTER_AUTH_KEY } from "@/lib/redirect";
import { notify } from "@/lib/toast";
import { adminSession, jsonResponse, mockApi, renderApp, userSession } from "@/test/utils";
import { makeWebinar } from "@/test/webinars";
import type { Webinar } from "@/lib/webinars/schemas";
import { WebinarCouponPage } from "./webinar-coupon-page";
import { makeCoupon, makeRegistration as makeRegistrationFixture } from "@/test/fixtures";

// Stripe.js must never be requested in test mode; these mocks record it if it were.
const loadStripe = vi.hoisted(() => vi.fn());
vi.mock("@stripe/stripe-js/pure", () => ({ loadStripe }));

const SPEC_ALREADY_PURCHASED =
  "You've already purchased the coupon for this webinar. Please check your email for the coupon code or contact support.";

// Arrives at the offer having watched the video to the end.
const makeRegistration = (overrides: Record<string, unknown> = {}) =>
  makeRegistrationFixture({ watched_video_fully: true, ...overrides });

const coupon = makeCoupon();

const started = {
  id: "pi_test_abc",
  clientSecret: "pi_test_abc_secret_xyz",
  provider: "test",
  amount: 40,
  amount_cents: 4000,
  couponValue: 48,
  coupon_value_cents: 4800,
  hold_expires_at: "2026-11-22T18:45:00Z",
};

function apiError(status: number, code: string, message: string, field?: string) {
  return jsonResponse({ error: { code, message, ...(field ? { field } : {}) } }, status);
}

type Route = (body: Record<string, unknown>) => Response | undefined;

/**
 * A small stand-in for the server: the webinar, my registration (which
 * becomes purchased when a purchase completes), my coupon, and the payment
 * endpoints, each overridable.
 */
function server({
  session = userSession,
  webinar = makeWebinar({ id: "w1", title: "Safe Storage at Home" }),
  registration = makeRegistration() as ReturnType<typeof makeRegistration> | null,
  existingCoupon = null as typeof coupon | null,
  standing = undefined as Record<string, unknown> | undefined,
  routes = {} as Record<string, Route>,
}: {
  session?: Session;
  webinar?: Webinar | Response;
  registration?: ReturnType<typeof makeRegistration> | null;
  existingCoupon?: typeof coupon | null;
  /** My standing on the waiting list (GET …/waitlist); without it the server answers 404, as before the list. */
  standing?: Record<string, unknown>;
  routes?: Record<string, Route>;
} = {}) {
  let reg = registration;
  let myCoupon = existingCoupon;
  const calls: { url: string; body: Record<string, unknown> }[] = [];
  const fetchMock = mockApi(session, (url, init) => {
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (init.method === "POST") calls.push({ url, body });
    const custom = routes[url]?.(body);
    if (custom) return custom;
    if (url === "/api/webinars/w1") return webinar instanceof Response ? webinar : jsonResponse(webinar);
    if (url === "/api/webinars/w1/registration") return jsonResponse({ registration: reg });
    if (url === "/api/webinars/w1/coupon") return jsonResponse({ coupon: myCoupon });
    if (url === "/api/webinars/w1/waitlist" && standing) return jsonResponse(standing);
    if (url === "/api/webinars/w1/payments") return jsonResponse(started, 201);
    if (url === `/api/payments/test-intents/${started.id}/confirm`) return jsonResponse({ id: started.id, status: "succeeded" });
    if (url === "/api/payments/confirm") {
      myCoupon = coupon;
      reg = reg && { ...reg, purchased_coupon: true };
      return jsonResponse({ code: coupon.code, expiresAt: coupon.expires_at, coupon });
    }
    if (url === "/api/webinars/w1/claim" || url === "/api/admin/webinars/w1/simulated-purchase") {
      reg = reg && { ...reg, purchased_coupon: true };
      return jsonResponse({ registration: reg });
    }
    return undefined;
  });
  return { fetchMock, calls };
}

/** app/'s waiting-list panel, as a stand-in that says where it is. */
function renderWaitlist(webinarId: string) {
  return <p>Waiting-list panel of {webinarId}</p>;
}

function renderPage({ withWaitlist = false } = {}) {
  return renderApp(
    [
      { path: "/webinar/:webinarId/coupon", element: <WebinarCouponPage renderWaitlist={withWaitlist ? renderWaitlist : undefined} /> },
      { path: "/webinar/:webinarId", element: <p>Webinar detail page</p> },
      { path: "/auth", element: <p>Auth page</p> },
    ],
    { initialEntries: ["/webinar/w1/coupon"] },
  );
}

async function openCardForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole("button", { name: "Buy Your Discounted Coupon" }));
  return screen.findByRole("form", { name: "Card payment" });
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.type(screen.getByLabelText("Card number"), number);
  await user.type(screen.getByLabelText("Expiry (MM / YY)"), "1234");
  await user.type(screen.getByLabelText("CVC"), "123");
  await user.type(screen.getByLabelText("ZIP"), "60540");
}

// Typing a whole card with user-event takes a few seconds when the suite runs in parallel.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.spyOn(notify, "error");
  vi.spyOn(notify, "success");
  vi.spyOn(notify, "warning");
});

afterEach(() => {
  expect(loadStripe).not.toHaveBeenCalled();
});

describe("WebinarCouponPage: the offer", () => {
  it("shows the price, the coupon value, the bonus, the key terms and 'Buy Your Discounted Coupon'", async () => {
    server();
    renderPage();
    const offer = await screen.findByRole("region", { name: "Coupon offer" });
    expect(within(offer).getByText("$40.00")).toBeInTheDocument();
    expect(within(offer).getByText("$48.00")).toBeInTheDocument();
    expect(within(offer).getByText("20% bonus")).toBeInTheDocument();
    expect(within(offer).getByRole("button", { name: "Buy Your Discounted Coupon" })).toBeEnabled();
    const terms = screen.getByRole("region", { name: "Key terms" });
    expect(terms).toHaveTextContent("at least twice the coupon's face value ($96.00 or more)");
    expect(terms).toHaveTextContent("Expires 30 days after issue.");
    expect(screen.getByRole("link", { name: "Back to Webinar" })).toHaveAttribute("href", "/webinar/w1");
    expect(screen.queryByRole("button", { name: "DEV: Simulate Successful Payment" })).not.toBeInTheDocument();
  });

  it("asks an anonymous visitor to log in and comes back here afterwards", async () => {
    server({ session: { user: null, profile: null } });
    renderPage();
    expect(await screen.findByText("Login Required")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Buy Your Discounted Coupon" })).not.toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole("link", { name: "Log In" }));
    expect(await screen.findByText("Auth page")).toBeInTheDocument();
    expect(sessionStorage.getItem(REDIRECT_AFTER_AUTH_KEY)).toBe("/webinar/w1/coupon");
  });

  it("sends a user who has not finished the video back to the webinar", async () => {
    server({ registration: makeRegistration({ watched_video_fully: false }) });
    renderPage();
    expect(await screen.findByText("Webinar detail page")).toBeInTheDocument();
    expect(notify.warning).toHaveBeenCalledWith("Please watch the webinar first");
  });

  it("sends a user who is not registered back to the webinar", async () => {
    server({ registration: null });
    renderPage();
    expect(await screen.findByText("Webinar detail page")).toBeInTheDocument();
    expect(notify.warning).toHaveBeenCalledWith("Please watch the webinar first");
  });

  it("shows the error screen when the webinar cannot be loaded", async () => {
    server({ webinar: apiError(500, "internal", "The server had a problem.") });
    renderPage();
    expect(await screen.findByText("Unable to load this webinar. Please try again later.")).toBeInTheDocument();
  });

  it("says the coupons are sold out when no seat is left", async () => {
    server({ webinar: makeWebinar({ id: "w1", total_seats: 3, paid_seats: 3 }) });
    renderPage();
    expect(await screen.findByText("All coupons for this webinar have been sold.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Buy Your Discounted Coupon" })).not.toBeInTheDocument();
  });
});

describe("WebinarCouponPage: the waiting list", () => {
  const soldOut = () => makeWebinar({ id: "w1", title: "Safe Storage at Home", total_seats: 3, paid_seats: 3 });
  const none = { status: "none", position: null, waiting: 2, offer_expires_at: null, hold_hours: 24 };
  const offered = { ...none, status: "offered", offer_expires_at: "2026-11-28T20:00:00Z" };

  it("shows the waiting list under 'Sold Out' to a registrant who is not offered a seat", async () => {
    server({ webinar: soldOut(), standing: none });
    renderPage({ withWaitlist: true });
    const offer = await screen.findByRole("region", { name: "Coupon offer" });
    expect(await within(offer).findByText("Sold Out")).toBeInTheDocument();
    expect(within(offer).getByText("Waiting-list panel of w1")).toBeInTheDocument();
    expect(within(offer).queryByRole("button", { name: "Buy Your Discounted Coupon" })).not.toBeInTheDocument();
  });

  it("lets the person a seat is held for buy it: the offer with the hold's panel, not 'Sold Out'", async () => {
    const { calls } = server({ webinar: soldOut(), standing: offered });
    const user = userEvent.setup({ delay: null });
    renderPage({ withWaitlist: true });
    const offer = await screen.findByRole("region", { name: "Coupon offer" });
    expect(within(offer).getByText("Waiting-list panel of w1")).toBeInTheDocument();
    expect(within(offer).queryByText("Sold Out")).not.toBeInTheDocument();
    expect(screen.queryByText("All coupons for this webinar have been sold.")).not.toBeInTheDocument();
    // The payment flow as for anyone: the server counts the held seat as theirs.
    await user.click(within(offer).getByRole("button", { name: "Buy Your Discounted Coupon" }));
    expect(await screen.findByRole("form", { name: "Card payment" })).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toContain("/api/webinars/w1/payments");
  });

  it("still says 'Sold Out' when the waiting list cannot be read", async () => {
    server({ webinar: soldOut() });
    renderPage({ withWaitlist: true });
    expect(await screen.findByText("All coupons for this webinar have been sold.")).toBeInTheDocument();
    expect(screen.getByText("Waiting-list panel of w1")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Buy Your Discounted Coupon" })).not.toBeInTheDocument();
  });

  it("shows no waiting list to a signed-out visitor: they log in first", async () => {
    server({ webinar: soldOut(), session: { user: null, profile: null }, standing: offered });
    renderPage({ withWaitlist: true });
    expect(await screen.findByText("Login Required")).toBeInTheDocument();
    expect(screen.queryByText("Waiting-list panel of w1")).not.toBeInTheDocument();
  });
});

describe("WebinarCouponPage: paying in test mode", () => {
  it("buys the coupon: preparing, the test card form, confirming, then 'Coupon Activated'", async () => {
    const { calls } = server();
    const user = userEvent.setup({ delay: null });
    renderPage();
    const form = await openCardForm(user);

    expect(screen.getByText("Test mode: no money moves")).toBeInTheDocument();
    const notice = screen.getByRole("note", { name: "Test mode" });
    expect(notice).toHaveTextContent("4242 4242 4242 4242");
    expect(notice).toHaveTextContent("4000 0000 0000 0002");
    expect(notice).toHaveTextContent("4000 0000 0000 9995");

    await fillCard(user, "4242424242424242");
    expect(screen.getByLabelText("Card number")).toHaveValue("4242 4242 4242 4242");
    expect(screen.getByLabelText("Expiry (MM / YY)")).toHaveValue("12 / 34");
    await user.click(within(form).getByRole("button", { name: "Pay $40.00" }));

    expect(await screen.findByRole("heading", { name: "Coupon Activated" })).toBeInTheDocument();
    expect(screen.getAllByText("LW-7K3M-Q9PX-4TRW").length).toBeGreaterThan(0);
    expect(screen.getByRole("img", { name: "QR code of coupon LW-7K3M-Q9PX-4TRW" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Print Coupon" })).toBeInTheDocument();
    expect(screen.getByText(/Your coupon will be sent to your email shortly\./)).toBeInTheDocument();
    expect(notify.success).toHaveBeenCalledWith("Payment Successful", "Your coupon has been generated successfully!");

    expect(calls.map((c) => c.url)).toEqual([
      "/api/webinars/w1/payments",
      "/api/payments/test-intents/pi_test_abc/confirm",
      "/api/payments/confirm",
    ]);
    expect(calls[1].body).toEqual({
      client_secret: "pi_test_abc_secret_xyz",
      card_number: "4242424242424242",
      exp_month: 12,
      exp_year: 2034,
      cvc: "123",
      postal_code: "60540",
    });
    expect(calls[2].body).toEqual({ paymentIntentId: "pi_test_abc" });
  });

  it("returns to the form with the card's message on a decline, and no coupon", async () => {
    const { calls } = server({
      routes: {
        [`/api/payments/test-intents/${started.id}/confirm`]: () =>
          apiError(402, "card_declined", "Your card was declined.", "card_number"),
      },
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    const form = await openCardForm(user);
    await fillCard(user, "4000000000000002");
    await user.click(within(form).getByRole("button", { name: "Pay $40.00" }));

    expect(await within(form).findByText("Your card was declined.")).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith("Payment Failed", "Your card was declined.");
    expect(within(form).getByRole("button", { name: "Pay $40.00" })).toBeEnabled();
    expect(screen.queryByText("Coupon Activated")).not.toBeInTheDocument();
    expect(calls.some((c) => c.url === "/api/payments/confirm")).toBe(false);
  });

  it("validates the card fields next to each field before asking the server", async () => {
    const { calls } = server();
    const user = userEvent.setup({ delay: null });
    renderPage();
    const form = await openCardForm(user);
    for (const label of ["Card number", "Expiry (MM / YY)", "CVC", "ZIP"]) {
      expect(within(form).getByLabelText(label)).toBeInTheDocument();
    }
    await user.click(within(form).getByRole("button", { name: "Pay $40.00" }));
    expect(await within(form).findByText("Your card number is incomplete.")).toBeInTheDocument();
    expect(within(form).getByText("Your card's expiration date is incomplete.")).toBeInTheDocument();
    expect(within(form).getByText("Your card's security code is incomplete.")).toBeInTheDocument();
    expect(within(form).getByText("Your postal code is incomplete.")).toBeInTheDocument();
    expect(within(form).getByLabelText("ZIP")).toHaveAttribute("aria-invalid", "true");
    expect(calls.map((c) => c.url)).toEqual(["/api/webinars/w1/payments"]);
  });

  it("shows the server's field error next to its field", async () => {
    server({
      routes: {
        [`/api/payments/test-intents/${started.id}/confirm`]: () =>
          apiError(400, "validation_failed", "Your postal code is incomplete.", "postal_code"),
      },
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    const form = await openCardForm(user);
    await fillCard(user, "4242424242424242");
    await user.click(within(form).getByRole("button", { name: "Pay $40.00" }));
    expect(await within(form).findByText("Your postal code is incomplete.")).toBeInTheDocument();
    expect(within(form).getByLabelText("ZIP")).toHaveAttribute("aria-invalid", "true");
  });

  it("toasts 'Payment Error' with the server's message when the payment cannot start", async () => {
    server({
      routes: {
        "/api/webinars/w1/payments": () =>
          apiError(503, "payment_unavailable", "Payment could not be started. Please try again."),
      },
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Buy Your Discounted Coupon" }));
    expect(await screen.findByText("Failed to start payment.")).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith("Payment Error", "Payment could not be started. Please try again.");
    expect(screen.getByRole("button", { name: "Buy Your Discounted Coupon" })).toBeEnabled();
  });

  it("toasts 'Payment Error' when the answer has no client secret", async () => {
    server({ routes: { "/api/webinars/w1/payments": () => jsonResponse({ ...started, clientSecret: "" }, 201) } });
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Buy Your Discounted Coupon" }));
    const offer = screen.getByRole("region", { name: "Coupon offer" });
    expect(await within(offer).findByText("Payment could not be started. Please try again.")).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith("Payment Error", "Payment could not be started. Please try again.");
    expect(screen.queryByRole("form", { name: "Card payment" })).not.toBeInTheDocument();
  });

  it("toasts 'Payment Error' with the generic text when the server cannot be reached", async () => {
    server({
      routes: {
        "/api/webinars/w1/payments": () => {
          throw new TypeError("Failed to fetch");
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Buy Your Discounted Coupon" }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith("Payment Error", "Failed to initialize payment. Please try again."),
    );
  });

  it("toasts 'Purchase Error' when completing fails, and completes on retry without a new card step", async () => {
    let failures = 1;
    const { calls } = server({
      routes: {
        "/api/payments/confirm": () => (failures-- > 0 ? apiError(500, "internal", "Something broke") : undefined),
      },
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    const form = await openCardForm(user);
    await fillCard(user, "4242424242424242");
    await user.click(within(form).getByRole("button", { name: "Pay $40.00" }));

    expect(await screen.findByText("Failed to generate coupon.")).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith("Purchase Error", "Failed to complete purchase. Please try again.");
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("heading", { name: "Coupon Activated" })).toBeInTheDocument();
    expect(calls.filter((c) => c.url.includes("test-intents"))).toHaveLength(1);
  });

  it("says clearly when the payment was refunded", async () => {
    const refunded = "Sorry, the last seat was taken while you were paying. Your payment has been refunded in full.";
    server({ routes: { "/api/payments/confirm": () => apiError(409, "payment_refunded", refunded) } });
    const user = userEvent.setup({ delay: null });
    renderPage();
    const form = await openCardForm(user);
    await fillCard(user, "4242424242424242");
    await user.click(within(form).getByRole("button", { name: "Pay $40.00" }));
    const offer = screen.getByRole("region", { name: "Coupon offer" });
    expect(await within(offer).findByText("Payment Refunded")).toBeInTheDocument();
    expect(within(offer).getByText(refunded)).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith("Payment Refunded", refunded);
    expect(screen.queryByRole("form", { name: "Card payment" })).not.toBeInTheDocument();
  });

  it("toasts 'Purchase Failed' when the card step fails unexpectedly", async () => {
    server({ routes: { [`/api/payments/test-intents/${started.id}/confirm`]: () => apiError(500, "internal", "boom") } });
    const user = userEvent.setup({ delay: null });
    renderPage();
    const form = await openCardForm(user);
    await fillCard(user, "4242424242424242");
    await user.click(within(form).getByRole("button", { name: "Pay $40.00" }));
    const message = "There was an error processing your payment. Please try again.";
    expect(await within(form).findByText(message)).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith("Purchase Failed", message);
  });

  it("shows the sold-out message when the server refuses to start for lack of seats", async () => {
    server({
      routes: { "/api/webinars/w1/payments": () => apiError(409, "sold_out", "All coupons for this webinar have been sold.") },
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Buy Your Discounted Coupon" }));
    const offer = screen.getByRole("region", { name: "Coupon offer" });
    expect(await within(offer).findByText("Sold Out")).toBeInTheDocument();
    expect(within(offer).getByText("All coupons for this webinar have been sold.")).toBeInTheDocument();
  });
});

describe("WebinarCouponPage: after the purchase", () => {
  it("shows 'Coupon Activated' with the printable coupon when already purchased", async () => {
    server({ registration: makeRegistration({ purchased_coupon: true }), existingCoupon: coupon });
    renderPage();
    expect(await screen.findByRole("heading", { name: "Coupon Activated" })).toBeInTheDocument();
    expect(screen.getByRole("article", { name: "Coupon LW-7K3M-Q9PX-4TRW" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "QR code of coupon LW-7K3M-Q9PX-4TRW" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Buy Your Discounted Coupon" })).not.toBeInTheDocument();
  });

  it("asks to refresh when the purchase is recorded but the coupon is not there yet", async () => {
    server({ registration: makeRegistration({ purchased_coupon: true }), existingCoupon: null });
    renderPage();
    expect(await screen.findByRole("heading", { name: "Coupon Activated" })).toBeInTheDocument();
    expect(screen.getByText(/Please refresh the page in a moment\./)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Refresh Page" })).toBeInTheDocument();
  });

  it("shows the coupon even when the watched flag was reset after buying", async () => {
    server({ registration: makeRegistration({ purchased_coupon: true, watched_video_fully: false }), existingCoupon: coupon });
    renderPage();
    expect(await screen.findByRole("heading", { name: "Coupon Activated" })).toBeInTheDocument();
    expect(notify.warning).not.toHaveBeenCalled();
  });
});

describe("WebinarCouponPage: admins and free webinars", () => {
  it("gives admins 'DEV: Simulate Successful Payment' instead of the payment", async () => {
    const { calls } = server({ session: adminSession });
    const user = userEvent.setup({ delay: null });
    renderPage();
    const dev = await screen.findByRole("button", { name: "DEV: Simulate Successful Payment" });
    expect(screen.queryByRole("button", { name: "Buy Your Discounted Coupon" })).not.toBeInTheDocument();
    await user.click(dev);
    expect(await screen.findByRole("heading", { name: "Coupon Activated" })).toBeInTheDocument();
    expect(screen.getByText(/Please refresh the page in a moment\./)).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual(["/api/admin/webinars/w1/simulated-purchase"]);
    expect(notify.success).toHaveBeenCalledWith("Purchase successful!", expect.any(String));
  });

  it("lets a free webinar's seat be claimed without a card, and shows the giveaway entry", async () => {
    const { calls } = server({ webinar: makeWebinar({ id: "w1", title: "Free Range Day", display_price: 0 }) });
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Claim Your Giveaway Entry" }));
    expect(await screen.findByRole("heading", { name: "You're entered in the giveaway" })).toBeInTheDocument();
    expect(screen.queryByText("Coupon Activated")).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Card number")).not.toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual(["/api/webinars/w1/claim"]);
  });

  it("shows a claimed free seat as the giveaway entry", async () => {
    server({
      webinar: makeWebinar({ id: "w1", title: "Free Range Day", display_price: 0 }),
      registration: makeRegistration({ purchased_coupon: true }),
    });
    renderPage();
    expect(await screen.findByRole("heading", { name: "You're entered in the giveaway" })).toBeInTheDocument();
  });
});

// The sentence of docs/product.md#watch-page, as the server sends it for a second purchase.
describe("WebinarCouponPage: a second purchase", () => {
  it("shows the server's refusal and then the purchased state", async () => {
    let bought = false;
    server({
      routes: {
        "/api/webinars/w1/payments": () => {
          bought = true;
          return apiError(409, "already_purchased", SPEC_ALREADY_PURCHASED);
        },
        "/api/webinars/w1/registration": () =>
          bought ? jsonResponse({ registration: makeRegistration({ purchased_coupon: true }) }) : undefined,
      },
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Buy Your Discounted Coupon" }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith("Payment Error", SPEC_ALREADY_PURCHASED));
    expect(await screen.findByRole("heading", { name: "Coupon Activated" })).toBeInTheDocument();
  });
});
