import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { authKeys } from "@/lib/auth/keys";
import { REDIRECT_AFTER_AUTH_KEY } from "@/lib/redirect";
import { mockApi, renderApp, userSession } from "@/test/utils";
import { makeWebinar } from "@/test/webinars";
import type { Webinar } from "@/lib/webinars/schemas";
import { WebinarCard } from "./webinar-card";

function renderCard(overrides: Partial<Webinar> = {}, session = userSession) {
  mockApi(session);
  const webinar = makeWebinar({ id: "w42", title: "Pistol Basics", ...overrides });
  const utils = renderApp(<WebinarCard webinar={webinar} />);
  return { ...utils, webinar };
}

/** Reserve acts only once the session check has answered. */
async function sessionLoaded(queryClient: QueryClient) {
  await waitFor(() => expect(queryClient.getQueryState(authKeys.session())?.status).toBe("success"));
}

async function card() {
  return screen.findByRole("article", { name: "Pistol Basics" });
}

describe("WebinarCard", () => {
  it("shows title, description, date, seats, price and coupon value", async () => {
    renderCard({
      display_price: 40,
      coupon_value: 48,
      seats_left: 17,
      total_seats: 20,
      event_datetime: "2026-12-04T00:30:00Z",
    });
    const c = within(await card());
    expect(c.getByRole("link", { name: "Pistol Basics" })).toHaveAttribute("href", "/webinar/w42");
    expect(c.getByText(/Grip, stance and sight picture/)).toBeInTheDocument();
    expect(await c.findByText("December 3, 2026 at 6:30 PM CST")).toBeInTheDocument();
    expect(c.getByText("17/20 seats left")).toBeInTheDocument();
    expect(c.getByText("$40.00")).toBeInTheDocument();
    expect(c.getByText("Get a $48.00 store-credit coupon")).toBeInTheDocument();
    expect(c.getByRole("button", { name: "Reserve Spot" })).toBeEnabled();
  });

  it("shows FREE for a price of 0, with no coupon and no Store Credit badge", async () => {
    renderCard({ display_price: 0, coupon_value: 0, actual_coupon_value_percentage: 120 });
    const c = within(await card());
    expect(c.getByText("FREE")).toBeInTheDocument();
    expect(c.getByText("Free seat with a gear giveaway entry")).toBeInTheDocument();
    expect(c.queryByText(/store-credit coupon/)).not.toBeInTheDocument();
    expect(c.queryByText("Store Credit")).not.toBeInTheDocument();
  });

  it("falls back to the bundled image without a thumbnail, and uses the thumbnail when there is one", async () => {
    const { unmount } = renderCard({ thumbnail_url: null });
    const img = (await card()).querySelector("img");
    expect(img?.getAttribute("src")).toMatch(/webinar-fallback/);
    unmount();
    renderCard({ thumbnail_url: "/media/webinar_assets/webinar_thumbnails/a_1.jpg" });
    expect((await card()).querySelector("img")).toHaveAttribute("src", "/media/webinar_assets/webinar_thumbnails/a_1.jpg");
  });

  it.each([
    [100, false],
    [101, true],
    [120, true],
  ])("coupon percentage %i → Store Credit badge %s", async (pct, shown) => {
    renderCard({ actual_coupon_value_percentage: pct });
    const c = within(await card());
    expect(c.queryByText("Store Credit") !== null).toBe(shown);
  });

  it("shows no low-seat badge at 5 seats left", async () => {
    renderCard({ seats_left: 5 });
    expect(within(await card()).queryByText(/^Only \d+ seats? left$/)).not.toBeInTheDocument();
  });

  it("shows 'Only 4 seats left' at 4 seats left", async () => {
    renderCard({ seats_left: 4 });
    expect(within(await card()).getByText("Only 4 seats left")).toBeInTheDocument();
  });

  it("keeps Reserve Spot enabled at 0 seats left (seats cap paid coupons, not registration)", async () => {
    const { queryClient } = renderCard({ seats_left: 0, total_seats: 20 });
    await sessionLoaded(queryClient);
    const c = within(await card());
    expect(c.getByText("0/20 seats left")).toBeInTheDocument();
    expect(c.getByText("Sold Out")).toBeInTheDocument();
    expect(c.getByRole("button", { name: "Reserve Spot" })).toBeEnabled();
    expect(c.queryByText(/^Only/)).not.toBeInTheDocument();
  });

  it("links a sold-out card to its detail page to join the waiting list, and only a sold-out one", async () => {
    const { unmount } = renderCard({ seats_left: 0, paid_seats: 20, total_seats: 20 });
    const link = within(await card()).getByRole("link", { name: "Join the waiting list" });
    expect(link).toHaveAttribute("href", "/webinar/w42");
    expect(link).toHaveAccessibleDescription("Pistol Basics");
    unmount();
    renderCard({ seats_left: 3 });
    expect(within(await card()).queryByRole("link", { name: "Join the waiting list" })).not.toBeInTheDocument();
  });

  it("sends anonymous visitors to log in, remembering the webinar", async () => {
    const { router, queryClient } = renderCard({}, { user: null, profile: null });
    await sessionLoaded(queryClient);
    // A link, so a press before the app has started goes there too.
    const link = within(await card()).getByRole("link", { name: "Reserve Spot" });
    expect(link).toHaveAttribute("href", "/auth?webinarId=w42");
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
    expect(router.state.location.search).toBe("?webinarId=w42");
    expect(sessionStorage.getItem(REDIRECT_AFTER_AUTH_KEY)).toBe("/webinar/w42");
    expect(await screen.findByText("Login Required")).toBeInTheDocument();
    expect(screen.getByText("Please log in to register for webinars")).toBeInTheDocument();
  });

  it.each([17, 0])("opens the registration dialog for signed-in users (%i seats left)", async (seatsLeft) => {
    const { router, queryClient } = renderCard({ seats_left: seatsLeft });
    await sessionLoaded(queryClient);
    await userEvent.click(within(await card()).getByRole("button", { name: "Reserve Spot" }));
    expect(await screen.findByRole("dialog", { name: "Register for Webinar" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
  });
});
