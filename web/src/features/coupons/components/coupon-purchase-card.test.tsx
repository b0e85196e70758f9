import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse, mockApi, renderApp, userSession } from "@/test/utils";
import { makeWebinar } from "@/test/webinars";
import { CouponPurchaseCard } from "./coupon-purchase-card";

function renderCard({
  purchased = false,
  session = userSession,
  standing,
  ...overrides
}: { purchased?: boolean; session?: typeof userSession; standing?: Record<string, unknown> } & Parameters<typeof makeWebinar>[0] = {}) {
  mockApi(session, (url) =>
    url === "/api/webinars/w5/waitlist" && standing
      ? jsonResponse({ position: null, waiting: 1, offer_expires_at: null, ...standing })
      : undefined,
  );
  const webinar = makeWebinar({ id: "w5", title: "Safe Storage at Home", ...overrides });
  return renderApp(
    <CouponPurchaseCard
      webinar={webinar}
      purchased={purchased}
      renderWaitlist={standing ? (id) => <p>Waiting-list panel of {id}</p> : undefined}
    />,
  );
}

async function card() {
  return within(await screen.findByRole("region", { name: /Coupon Offer|Giveaway Entry/ }));
}

describe("CouponPurchaseCard", () => {
  it("offers the coupon: price, value, bonus and 'Buy Your Discounted Coupon' to the coupon page", async () => {
    renderCard({ display_price: 40, coupon_value: 48, actual_coupon_value_percentage: 120 });
    const c = await card();
    expect(await c.findByRole("link", { name: "Buy Your Discounted Coupon" })).toHaveAttribute(
      "href",
      "/webinar/w5/coupon",
    );
    expect(c.getByText("$40.00")).toBeInTheDocument();
    expect(c.getByText("$48.00")).toBeInTheDocument();
    expect(c.getByText(/20% bonus store credit/)).toBeInTheDocument();
  });

  it("says the coupons are sold out when no seats are left, with no way to buy", async () => {
    renderCard({ seats_left: 0, paid_seats: 20, total_seats: 20 });
    const c = await card();
    expect(await c.findByText("All coupons for this webinar have been sold.")).toBeInTheDocument();
    expect(c.queryByRole("link", { name: "Buy Your Discounted Coupon" })).not.toBeInTheDocument();
  });

  it("shows the waiting list under 'Sold Out'", async () => {
    renderCard({ seats_left: 0, paid_seats: 20, total_seats: 20, standing: { status: "waiting", position: 1 } });
    const c = await card();
    expect(await c.findByText("All coupons for this webinar have been sold.")).toBeInTheDocument();
    expect(c.getByText("Waiting-list panel of w5")).toBeInTheDocument();
    expect(c.queryByRole("link", { name: "Buy Your Discounted Coupon" })).not.toBeInTheDocument();
  });

  it("offers the coupon to the person a seat is held for, though no seat is left for others", async () => {
    renderCard({
      seats_left: 0,
      paid_seats: 20,
      total_seats: 20,
      standing: { status: "offered", offer_expires_at: "2026-11-28T20:00:00Z" }
    });
    const c = await card();
    expect(await c.findByRole("link", { name: "Buy Your Discounted Coupon" })).toHaveAttribute("href", "/webinar/w5/coupon");
    expect(c.getByText("Waiting-list panel of w5")).toBeInTheDocument();
    expect(c.queryByText("All coupons for this webinar have been sold.")).not.toBeInTheDocument();
  });

  it("tells a buyer they already have the coupon (even when sold out)", async () => {
    renderCard({ purchased: true, seats_left: 0 });
    const c = await card();
    expect(
      await c.findByText(
        "You've already purchased the coupon for this webinar. Please check your email for the coupon code or contact support.",
      ),
    ).toBeInTheDocument();
    expect(c.queryByText("All coupons for this webinar have been sold.")).not.toBeInTheDocument();
    expect(c.queryByRole("link", { name: "Buy Your Discounted Coupon" })).not.toBeInTheDocument();
  });

  it("asks a signed-out visitor to log in", async () => {
    renderCard({ session: { user: null, profile: null } });
    const c = await card();
    expect(await c.findByText("Login Required")).toBeInTheDocument();
    expect(c.getByRole("link", { name: "Log In" })).toHaveAttribute("href", "/auth?webinarId=w5");
    expect(c.queryByRole("link", { name: "Buy Your Discounted Coupon" })).not.toBeInTheDocument();
  });

  it("offers a giveaway entry for a free webinar, never a $0 coupon", async () => {
    renderCard({ display_price: 0, coupon_value: 0 });
    const c = await card();
    expect(await c.findByRole("link", { name: "Claim Your Giveaway Entry" })).toHaveAttribute("href", "/webinar/w5/coupon");
    expect(c.queryByText("$0.00")).not.toBeInTheDocument();
  });
});
