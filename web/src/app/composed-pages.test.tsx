import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentType } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { adminSession, jsonResponse, mockApi, renderApp } from "@/test/utils";
import { makeAdminWebinar } from "@/test/webinars";
import { loadAdminWebinarsPageWithParts } from "./composed-pages";

type Handler = (url: string, init: RequestInit) => Response | Promise<Response> | undefined;

let AdminWebinarsPage: ComponentType;
beforeAll(async () => {
  AdminWebinarsPage = await loadAdminWebinarsPageWithParts();
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

});
