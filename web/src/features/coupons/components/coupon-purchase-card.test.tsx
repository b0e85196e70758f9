import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi, renderApp, userSession } from "@/test/utils";
import { makeWebinar } from "@/test/webinars";
import { CouponPurchaseCard } from "./coupon-purchase-card";

function renderCard({
  purchased = false,
  session = userSession,
  ...overrides
}: { purchased?: boolean; session?: typeof userSession } & Parameters<typeof makeWebinar>[0] = {}) {
  mockApi(session);
  const webinar = makeWebinar({ id: "w5", title: "Safe Storage at Home", ...overrides });
  return renderApp(<CouponPurchaseCard webinar={webinar} purchased={purchased} />);
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
