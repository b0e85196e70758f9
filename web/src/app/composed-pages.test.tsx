import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentType } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { makeRegistration } from "@/test/fixtures";
import { adminSession, jsonResponse, mockApi, renderApp, userSession } from "@/test/utils";
import { makeAdminWebinar, makeWebinar } from "@/test/webinars";
import {
  loadAdminWebinarsPageWithParts,
  loadWebinarCouponPageWithWaitlist,
  loadWebinarDetailPageWithGiveaway,
} from "./composed-pages";

type Handler = (url: string, init: RequestInit) => Response | Promise<Response> | undefined;

let AdminWebinarsPage: ComponentType;
let WebinarDetailPage: ComponentType;
let WebinarCouponPage: ComponentType;
beforeAll(async () => {
  [AdminWebinarsPage, WebinarDetailPage, WebinarCouponPage] = await Promise.all([
    loadAdminWebinarsPageWithParts(),
    loadWebinarDetailPageWithGiveaway(),
    loadWebinarCouponPageWithWaitlist(),
  ]);
}, 60_000);

function renderPage(handler: Handler) {
  const fetchMock = mockApi(adminSession, handler);
  const utils = renderApp(<AdminWebinarsPage />, { path: "/admin/webinars", initialEntries: ["/admin/webinars"] });
  return { ...utils, fetchMock };
}

const pistol = makeAdminWebinar({
  id: "w1",
  title: "Pistol Basics",
  event_datetime: "2026-12-04T00:30:00Z",
  display_price: 40,
  total_seats: 20,
  is_active: true,
});

const list = (webinars = [pistol]): Handler => (url, init) =>
  url === "/api/admin/webinars" && (init.method ?? "GET") === "GET" ? jsonResponse({ webinars }) : undefined;

// The admin webinars page with the reminders feature's dialog in its slot.
describe("AdminWebinarsPage composed by app/", () => {
  it("opens a webinar's reminder e-mail figures from its row", async () => {
    const figures = {
      webinar_id: "w1",
      kinds: [
        { kind: "ready", label: "It's ready to watch", sent: 12, watched: 7, bought: 3 },
        { kind: "unfinished", label: "You didn't finish", sent: 5, watched: 2, bought: 1 },
        { kind: "offer", label: "Your coupon offer", sent: 4, watched: 4, bought: 2 },
      ],
    };
    renderPage((url, init) =>
      url === "/api/admin/webinars/w1/reminders" ? jsonResponse(figures) : list()(url, init),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Reminders of Pistol Basics" }));
    const dialog = await screen.findByRole("dialog", { name: "Reminder e-mails" });
    expect(dialog).toHaveAccessibleDescription("Pistol Basics");
    const row = (await within(dialog).findByRole("rowheader", { name: "It's ready to watch" })).closest("tr")!;
    expect(within(row).getAllByRole("cell").map((c) => c.textContent)).toEqual(["12", "7", "3"]);
    expect(within(dialog).getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Reminder",
      "Sent",
      "Then watched",
      "Then bought",
    ]);
  });

  it("shows '{N} waiting' under a row's seats, which opens the webinar's waiting list", async () => {
    const entry = {
      position: 1,
      user_id: "u7",
      name: "Jane Doe",
      email: "jane@example.com",
      status: "waiting",
      joined_at: "2026-11-20T16:05:00Z",
      offer_expires_at: null,
    };
    const holster = makeAdminWebinar({ id: "w2", title: "Holster Fundamentals" });
    renderPage((url, init) => {
      if (url === "/api/admin/waitlist") return jsonResponse({ webinars: { w1: { waiting: 3, offered: 0 } } });
      if (url === "/api/admin/webinars/w1/waitlist") return jsonResponse({ entries: [entry] });
      return list([pistol, holster])(url, init);
    });
    const row = (await screen.findByRole("button", { name: "3 waiting for Pistol Basics" })).closest("tr")!;
    expect(row).toHaveTextContent("seats left");
    expect(screen.queryByRole("button", { name: /waiting for Holster Fundamentals/ })).not.toBeInTheDocument();
    await userEvent.click(within(row).getByRole("button", { name: "3 waiting for Pistol Basics" }));
    const dialog = await screen.findByRole("dialog", { name: "Waiting list — Pistol Basics" });
    expect(await within(dialog).findByRole("rowheader", { name: "Jane Doe" })).toBeInTheDocument();
  });
});

// The webinar pages with the waitlist feature's panel in their slots
// (docs/product.md#waiting-list).
describe("The waiting list composed by app/", () => {
  const soldOut = makeWebinar({ id: "w1", title: "Safe Storage at Home", total_seats: 3, paid_seats: 3 });
  const none = { status: "none", position: null, waiting: 0, offer_expires_at: null, hold_hours: 24 };

  afterEach(() => {
    vi.useRealTimers();
  });

  function serve(standing: Record<string, unknown>, registration = makeRegistration({ webinar_id: "w1" })) {
    const calls: string[] = [];
    mockApi(userSession, (url, init) => {
      const method = init.method ?? "GET";
      if (url.startsWith("/api/webinars/")) calls.push(`${method} ${url}`);
      if (url === "/api/webinars/w1") return jsonResponse(soldOut);
      if (url === "/api/webinars/w1/registration") return jsonResponse({ registration });
      if (url === "/api/webinars/w1/waitlist") {
        if (method === "POST") return jsonResponse({ ...none, status: "waiting", position: 1, waiting: 1 }, 201);
        return jsonResponse(standing);
      }
      return undefined;
    });
    return calls;
  }

  it("the detail page of a sold-out webinar lets a signed-in registrant join its waiting list", async () => {
    const calls = serve(none);
    renderApp(<WebinarDetailPage />, { path: "/webinar/:webinarId", initialEntries: ["/webinar/w1"] });
    await userEvent.click(await screen.findByRole("button", { name: "Join the waiting list" }, { timeout: 10_000 }));
    expect(await screen.findByText("You're on the waiting list: number 1 of 1.")).toBeInTheDocument();
    expect(calls).toContain("POST /api/webinars/w1/waitlist");
  });

  it("the coupon page of a sold-out webinar shows the person a seat is held for the offer, the hold and its pass-on", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-28T18:00:00Z"));
    serve(
      { ...none, status: "offered", waiting: 2, offer_expires_at: "2026-11-28T20:00:00Z" },
      makeRegistration({ webinar_id: "w1", watched_video_fully: true }),
    );
    renderApp(<WebinarCouponPage />, { path: "/webinar/:webinarId/coupon", initialEntries: ["/webinar/w1/coupon"] });
    const offer = await screen.findByRole("region", { name: "Coupon offer" });
    expect(
      await within(offer).findByText("A seat is held for you until November 28, 2026 at 2:00 PM CST (2h 0m left)."),
    ).toBeInTheDocument();
    expect(within(offer).getByRole("button", { name: "No longer interested? Pass it on" })).toBeInTheDocument();
    expect(within(offer).getByRole("button", { name: "Buy Your Discounted Coupon" })).toBeEnabled();
    expect(within(offer).queryByText("Sold Out")).not.toBeInTheDocument();
  });
});
