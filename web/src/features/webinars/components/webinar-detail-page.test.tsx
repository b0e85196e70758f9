import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { jsonResponse, mockApi, renderApp } from "@/test/utils";
import { makeWebinar } from "@/test/webinars";
import { WebinarDetailPage } from "./webinar-detail-page";

function renderDetail(handler: (url: string) => Response | undefined, id = "w9") {
  mockApi(undefined, handler);
  return renderApp(<WebinarDetailPage />, { path: "/webinar/:webinarId", initialEntries: [`/webinar/${id}`] });
}

describe("WebinarDetailPage", () => {
  it("shows the webinar: title, date, description, seats, coupon, preview and Reserve Your Spot", async () => {
    const webinar = makeWebinar({
      id: "w9",
      title: "Concealed Carry Essentials",
      description: "Choosing a carry gun and holster.",
      event_datetime: "2026-07-15T17:00:00Z",
      display_price: 40,
      coupon_value: 48,
      seats_left: 17,
      total_seats: 20,
    });
    renderDetail((url) => (url === "/api/webinars/w9" ? jsonResponse(webinar) : undefined));
    expect(await screen.findByRole("heading", { level: 1, name: "Concealed Carry Essentials" })).toBeInTheDocument();
    expect(await screen.findAllByText("July 15, 2026 at 12:00 PM CDT")).not.toHaveLength(0);
    expect(screen.getByText("Choosing a carry gun and holster.")).toBeInTheDocument();
    expect(screen.getByText(/of 20 seats/)).toHaveTextContent("17 of 20 seats available");
    expect(screen.getByText("Get a $48.00 store-credit coupon")).toBeInTheDocument();
    expect(screen.getByText("The full video unlocks after you register and log in.")).toBeInTheDocument();
    // A button for a signed-in user, a link to the login page for anyone else.
    expect(screen.getAllByText("Reserve Your Spot").length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole("link", { name: "Back to Webinars" })).toHaveAttribute("href", "/webinars");
    expect(document.title).toMatch(/^Concealed Carry Essentials/);
  });

  it("keeps 'Reserve Your Spot' for a sold-out webinar and says only the coupons are gone", async () => {
    const webinar = makeWebinar({ id: "w9", seats_left: 0, paid_seats: 20, total_seats: 20 });
    renderDetail((url) => (url === "/api/webinars/w9" ? jsonResponse(webinar) : undefined));
    expect(await screen.findByText("All coupons for this webinar have been sold. You can still register and watch.")).toBeInTheDocument();
    for (const text of screen.getAllByText("Reserve Your Spot")) expect(text.closest("a, button")).toBeEnabled();
  });

  it("shows 'Webinar Not Found' for a missing or inactive webinar", async () => {
    const { router } = renderDetail((url) =>
      url === "/api/webinars/w9" ? jsonResponse({ error: { code: "not_found", message: "Webinar not found" } }, 404) : undefined,
    );
    expect(await screen.findByRole("heading", { name: "Webinar Not Found" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("link", { name: "Browse Available Webinars" }));
    expect(router.state.location.pathname).toBe("/webinars");
  });

  it("shows a generic message for other errors", async () => {
    renderDetail((url) =>
      url === "/api/webinars/w9" ? jsonResponse({ error: { code: "internal", message: "boom" } }, 500) : undefined,
    );
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Unable to load this webinar. Please try again later.")).toBeInTheDocument();
  });
});
