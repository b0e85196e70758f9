import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Session } from "@/lib/auth/session-schemas";
import { jsonResponse, mockApi, renderApp, userSession } from "@/test/utils";
import { makeWebinar } from "@/test/webinars";
import { WebinarDetailPage } from "./webinar-detail-page";

function renderDetail(handler: (url: string) => Response | undefined, id = "w9", session?: Session) {
  mockApi(session, handler);
  return renderApp(<WebinarDetailPage />, { path: "/webinar/:webinarId", initialEntries: [`/webinar/${id}`] });
}

/** The page with app/'s waiting-list slot filled by a stand-in that names the webinar. */
function renderWithWaitlist(webinar: ReturnType<typeof makeWebinar>, session?: Session) {
  mockApi(session, (url) => (url === `/api/webinars/${webinar.id}` ? jsonResponse(webinar) : undefined));
  const renderWaitlist = (id: string, soldOut: boolean) => <p>Waiting-list panel of {id}{soldOut ? ", sold out" : ""}</p>;
  return renderApp(<WebinarDetailPage renderWaitlist={renderWaitlist} />, {
    path: "/webinar/:webinarId",
    initialEntries: [`/webinar/${webinar.id}`],
  });
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

  it("sends a visitor to log in to join a sold-out webinar's waiting list, like Reserve Your Spot", async () => {
    renderWithWaitlist(makeWebinar({ id: "w9", seats_left: 0, paid_seats: 20, total_seats: 20 }));
    const link = await screen.findByRole("link", { name: "Log in to join the waiting list" });
    expect(link).toHaveAttribute("href", "/auth?webinarId=w9");
    expect(screen.queryByText(/Waiting-list panel/)).not.toBeInTheDocument();
  });

  it("offers a visitor no waiting list while seats are shown", async () => {
    renderWithWaitlist(makeWebinar({ id: "w9", seats_left: 2, paid_seats: 18, total_seats: 20 }));
    expect(await screen.findByText(/of 20 seats/)).toHaveTextContent("2 of 20 seats available");
    expect(screen.queryByRole("link", { name: "Log in to join the waiting list" })).not.toBeInTheDocument();
    expect(screen.queryByText(/Waiting-list panel/)).not.toBeInTheDocument();
  });

  it("shows a signed-in user app/'s waiting-list panel, told whether the webinar is sold out", async () => {
    const { unmount } = renderWithWaitlist(makeWebinar({ id: "w9", seats_left: 0, paid_seats: 20, total_seats: 20 }), userSession);
    expect(await screen.findByText("Waiting-list panel of w9, sold out")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Log in to join the waiting list" })).not.toBeInTheDocument();
    unmount();

    // Seats shown (a seat held for someone on the list is not subtracted): the panel may still show my place.
    renderWithWaitlist(makeWebinar({ id: "w9", seats_left: 2, paid_seats: 18, total_seats: 20 }), userSession);
    expect(await screen.findByText("Waiting-list panel of w9")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Log in to join the waiting list" })).not.toBeInTheDocument();
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
