import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { jsonResponse, mockApi, renderApp, userSession } from "@/test/utils";
import { ReminderSwitches } from "./reminder-switches";
import { UnsubscribePage } from "./unsubscribe-page";

const calls = (fetchMock: ReturnType<typeof mockApi>, path: string) => fetchMock.mock.calls.filter(([url]) => url === path);

const INVALID = "This unsubscribe link is not valid. You can turn reminders off in My Dashboard under Settings.";

describe("UnsubscribePage", () => {
  function renderPage(search = "?token=tok-abc") {
    return renderApp(<UnsubscribePage />, { path: "/unsubscribe", initialEntries: [`/unsubscribe${search}`], strict: true });
  }

  it("unsubscribes once on arrival, without a login, and says so", async () => {
    const fetchMock = mockApi(undefined, (url) =>
      url === "/api/reminders/unsubscribe?token=tok-abc"
        ? jsonResponse({ kind: "ready", label: "It's ready to watch", unsubscribed: true })
        : undefined,
    );
    renderPage();
    expect(await screen.findByRole("heading", { level: 1, name: "You're unsubscribed" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("You won't get “It's ready to watch” reminders any more.");
    expect(screen.getByRole("link", { name: "Manage reminder e-mails" })).toHaveAttribute("href", "/dashboard?tab=settings");
    const posts = calls(fetchMock, "/api/reminders/unsubscribe?token=tok-abc");
    expect(posts).toHaveLength(1);
    expect(posts[0][1]?.method).toBe("POST");
    expect(document.title).toBe("Unsubscribe | WatchWin");
  });

  it("shows the server's words for a link it did not sign", async () => {
    mockApi(undefined, (url) =>
      url.startsWith("/api/reminders/unsubscribe")
        ? jsonResponse({ error: { code: "invalid_token", field: "token", message: INVALID } }, 400)
        : undefined,
    );
    renderPage("?token=forged");
    expect(await screen.findByRole("alert")).toHaveTextContent(INVALID);
    expect(screen.getByRole("heading", { level: 1, name: "Unsubscribe" })).toBeInTheDocument();
  });

  it("asks the server nothing without a token", async () => {
    const fetchMock = mockApi();
    renderPage("");
    expect(await screen.findByRole("alert")).toHaveTextContent(INVALID);
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith("/api/reminders"))).toBe(false);
  });
});

describe("ReminderSwitches", () => {
  it("shows each reminder's switch and saves one when it is turned", async () => {
    let prefs = { ready: true, unfinished: false, offer: true, credit_expiry: true, bonus_expiry: true, new_webinars: false };
    const fetchMock = mockApi(userSession, (url, init) => {
      if (url !== "/api/reminders/preferences") return undefined;
      if (init.method === "PATCH") prefs = { ...prefs, ...JSON.parse(String(init.body)) };
      return jsonResponse(prefs);
    });
    renderApp(<ReminderSwitches />, { path: "/dashboard", initialEntries: ["/dashboard"] });
    expect(screen.getByRole("heading", { level: 2, name: "Reminder e-mails" })).toBeInTheDocument();
    const ready = await screen.findByRole("switch", { name: "It's ready to watch" });
    expect(ready).toBeChecked();
    expect(ready).toHaveAccessibleDescription("When a webinar you registered for is ready, if you haven't watched it yet.");
    expect(screen.getByRole("switch", { name: "You didn't finish" })).not.toBeChecked();
    expect(screen.getByRole("switch", { name: "Your coupon offer" })).toBeChecked();

    await userEvent.click(ready);
    await waitFor(() => expect(screen.getByRole("switch", { name: "It's ready to watch" })).not.toBeChecked());
    expect(await screen.findByText("Reminder e-mails saved")).toBeInTheDocument();
    const patches = fetchMock.mock.calls.filter(([url, init]) => url === "/api/reminders/preferences" && init?.method === "PATCH");
    expect(patches.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([{ ready: false }]);
  });
});
