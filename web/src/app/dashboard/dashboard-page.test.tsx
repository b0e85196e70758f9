import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, mockApi, renderApp, userSession } from "@/test/utils";
import { DashboardPage } from "./dashboard-page";
import { makeCoupon as makeCouponFixture, makeRegistration as makeRegistrationFixture } from "@/test/fixtures";

type Json = Record<string, unknown>;

function makeCoupon(overrides: Json = {}): Json {
  return makeCouponFixture({
    created_at: "2098-12-16T18:30:00Z",
    // 18:30 UTC is 12:30 PM in Chicago in January (CST).
    expires_at: "2099-01-15T18:30:00Z",
    ...overrides,
  });
}

function makeRegistration(overrides: Json = {}, webinar: Json = {}): Json {
  return makeRegistrationFixture({
    registration_time: "2026-11-20T15:00:00Z",
    webinar: { id: "w1", title: "Safe Storage at Home", event_datetime: "2026-12-04T00:30:00Z", ...webinar },
    ...overrides,
  });
}

type Answer = { status?: number; body?: unknown; pending?: boolean };

function renderDashboard({
  coupons = { body: { coupons: [] } },
  registrations = { body: { registrations: [] } },
  session = userSession,
  initialEntries = ["/dashboard"],
}: { coupons?: Answer; registrations?: Answer; session?: typeof userSession; initialEntries?: string[] } = {}) {
  const answer = (a: Answer) =>
    a.pending ? new Promise<Response>(() => {}) : jsonResponse(a.body, a.status ?? 200);
  const fetchMock = mockApi(session, (url) => {
    if (url === "/api/coupons") return answer(coupons);
    if (url === "/api/registrations") return answer(registrations);
    return undefined;
  });
  const utils = renderApp(<DashboardPage />, { path: "/dashboard", initialEntries });
  return { ...utils, fetchMock };
}

const serverError = { status: 500, body: { error: { code: "internal", message: "boom" } } };

describe("DashboardPage", () => {
  it("is 'My Dashboard' with the tabs 'My Coupons' (selected) and 'My Webinars'", async () => {
    renderDashboard();
    expect(await screen.findByRole("heading", { level: 1, name: "My Dashboard" })).toBeInTheDocument();
    const tabs = within(screen.getByRole("tablist"));
    expect(tabs.getByRole("tab", { name: "My Coupons" })).toHaveAttribute("aria-selected", "true");
    expect(tabs.getByRole("tab", { name: "My Webinars" })).toHaveAttribute("aria-selected", "false");
    expect(screen.getByRole("tabpanel", { name: "My Coupons" })).toBeInTheDocument();
    expect(document.title).toBe("My Dashboard | WatchWin");
  });

  it("has a Settings tab with the reminder e-mail switches (?tab=settings)", async () => {
    const fetchMock = mockApi(userSession, (url) =>
      url === "/api/reminders/preferences" ? jsonResponse({ ready: false, unfinished: true, offer: true, credit_expiry: true, bonus_expiry: true, new_webinars: false }) : undefined,
    );
    renderApp(<DashboardPage />, { path: "/dashboard", initialEntries: ["/dashboard?tab=settings"] });
    expect(await screen.findByRole("tab", { name: "Settings" })).toHaveAttribute("aria-selected", "true");
    const panel = screen.getByRole("tabpanel", { name: "Settings" });
    expect(within(panel).getByRole("heading", { level: 2, name: "Reminder e-mails" })).toBeInTheDocument();
    expect(await within(panel).findByRole("switch", { name: "It's ready to watch" })).not.toBeChecked();
    expect(fetchMock.mock.calls.some(([url]) => url === "/api/reminders/preferences")).toBe(true);
  });

  it("says 'Authentication Required' to a visitor who is not logged in", async () => {
    const { fetchMock } = renderDashboard({ session: { user: null, profile: null } });
    expect(await screen.findByRole("heading", { name: "Authentication Required" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Log In" })).toHaveAttribute("href", "/auth");
    expect(fetchMock.mock.calls.map(([u]) => u)).not.toContain("/api/coupons");
  });

  it("says 'Authentication Required' when the server no longer knows the session", async () => {
    renderDashboard({ coupons: { status: 401, body: { error: { code: "unauthenticated", message: "User not authenticated" } } } });
    expect(await screen.findByRole("heading", { name: "Authentication Required" })).toBeInTheDocument();
  });

  it("keeps coupons and registrations fresh for 5 minutes (docs/product.md#timings-and-constants)", async () => {
    const { queryClient } = renderDashboard();
    await screen.findByText("No coupons yet");
    const staleTimes = queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => ["coupons", "registrations"].includes(String(q.queryKey[0])))
      .map((q) => [q.queryKey.join("/"), (q.options as { staleTime?: number }).staleTime]);
    expect(staleTimes).toEqual(
      expect.arrayContaining([
        ["coupons/mine", 300_000],
        ["registrations/mine", 300_000],
      ]),
    );
  });

  describe("My Coupons", () => {
    it("shows skeletons while loading", async () => {
      renderDashboard({ coupons: { pending: true } });
      const loading = await screen.findByRole("status", { name: "Loading coupons" });
      expect(within(loading).getAllByTestId("coupon-card-skeleton")).toHaveLength(3);
    });

    it("lists each coupon with value, webinar, status, expiry in the store's zone, code and 'Print'", async () => {
      renderDashboard({ coupons: { body: { coupons: [makeCoupon()] } } });
      const card = within(await screen.findByRole("article", { name: "$48.00" }));
      expect(card.getByText("Safe Storage at Home")).toBeInTheDocument();
      expect(card.getByText("Valid")).toBeInTheDocument();
      expect(card.getByText("Expires")).toBeInTheDocument();
      expect(card.getByText("January 15, 2099 at 12:30 PM CST")).toBeInTheDocument();
      expect(card.getByText("LW-7K3M-Q9PX-4TRW")).toBeInTheDocument();
      expect(card.getByRole("button", { name: "Print coupon LW-7K3M-Q9PX-4TRW" })).toBeInTheDocument();
    });

    it("badges: 'Valid' green, 'Redeemed' blue, 'Expired' grey (also for an active coupon past its expiry)", async () => {
      renderDashboard({
        coupons: {
          body: {
            coupons: [
              makeCoupon({ id: "c1", value: 48, status: "active" }),
              makeCoupon({ id: "c2", value: 60, status: "used", redeemed_at: "2099-01-02T16:00:00Z" }),
              makeCoupon({ id: "c3", value: 12.5, status: "expired", expires_at: "2020-01-01T00:00:00Z" }),
              makeCoupon({ id: "c4", value: 30, status: "active", expires_at: "2020-01-01T00:00:00Z" }),
            ],
          },
        },
      });
      const badge = async (name: string, text: string) =>
        within(await screen.findByRole("article", { name })).getByText(text);
      expect(await badge("$48.00", "Valid")).toHaveClass("bg-green-100");
      expect(await badge("$60.00", "Redeemed")).toHaveClass("bg-blue-100");
      expect(await badge("$12.50", "Expired")).toHaveClass("bg-zinc-200");
      expect(await badge("$30.00", "Expired")).toHaveClass("bg-zinc-200");
      const redeemed = within(screen.getByRole("article", { name: "$60.00" }));
      expect(redeemed.getByText("January 2, 2099 at 10:00 AM CST")).toBeInTheDocument();
    });

    it("opens a print dialog with the coupon, its QR code and a print action", async () => {
      const print = vi.fn();
      vi.stubGlobal("print", print);
      renderDashboard({ coupons: { body: { coupons: [makeCoupon()] } } });
      await userEvent.click(await screen.findByRole("button", { name: "Print coupon LW-7K3M-Q9PX-4TRW" }));
      const dialog = within(await screen.findByRole("dialog", { name: "Print Coupon" }));
      const coupon = within(dialog.getByRole("article", { name: "Coupon LW-7K3M-Q9PX-4TRW" }));
      expect(coupon.getByText("LW-7K3M-Q9PX-4TRW")).toBeInTheDocument();
      const qr = coupon.getByRole("img", { name: "QR code of coupon LW-7K3M-Q9PX-4TRW" });
      expect(qr.tagName.toLowerCase()).toBe("svg");
      expect(coupon.getByText("No cash value.")).toBeInTheDocument();
      await userEvent.click(dialog.getByRole("button", { name: "Print Coupon" }));
      expect(print).toHaveBeenCalledTimes(1);
      await userEvent.keyboard("{Escape}");
      await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    });

    it("offers 'Browse Webinars' when there are no coupons", async () => {
      renderDashboard();
      expect(await screen.findByText("No coupons yet")).toBeInTheDocument();
      expect(screen.getByRole("link", { name: "Browse Webinars" })).toHaveAttribute("href", "/webinars");
    });

    it("says 'Failed to load coupons. Please try again later.' when the list fails, and tries again", async () => {
      const { fetchMock } = renderDashboard({ coupons: serverError });
      expect(await screen.findByText("Failed to load coupons. Please try again later.")).toBeInTheDocument();
      const calls = () => fetchMock.mock.calls.filter(([u]) => u === "/api/coupons").length;
      const before = calls();
      await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
      await waitFor(() => expect(calls()).toBeGreaterThan(before));
    });
  });

  describe("My Webinars", () => {
    async function openWebinarsTab() {
      await userEvent.click(await screen.findByRole("tab", { name: "My Webinars" }));
      return screen.getByRole("tabpanel", { name: "My Webinars" });
    }

    it("is a table of Webinar, Date, Status and a Watch action", async () => {
      const { router } = renderDashboard({
        registrations: {
          body: {
            registrations: [
              makeRegistration({ id: "r2", watched_video_fully: true, purchased_coupon: true }, { id: "w2", title: "Pistol Basics" }),
              makeRegistration({ id: "r1" }),
            ],
          },
        },
      });
      const panel = within(await openWebinarsTab());
      const table = within(panel.getByRole("table", { name: "My webinars" }));
      expect(table.getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Webinar", "Date", "Status", "Action"]);
      // Cells: Date, Status, the Watch action (on phones the row header repeats Date and Status).
      const [, first, second] = table.getAllByRole("row");
      expect(within(first).getByRole("rowheader")).toHaveTextContent(/^Pistol Basics/);
      expect(within(first).getByRole("rowheader")).toHaveTextContent("Coupon purchased");
      const [, firstStatus, firstAction] = within(first).getAllByRole("cell");
      expect(firstStatus).toHaveTextContent(/^Completed$/);
      expect(within(firstAction).getByRole("link", { name: "Watch Pistol Basics" })).toHaveAttribute(
        "href",
        "/webinar/w2/watch",
      );
      const [secondDate, secondStatus, secondAction] = within(second).getAllByRole("cell");
      expect(secondDate).toHaveTextContent(/^December 3, 2026 at 6:30 PM CST$/);
      expect(secondStatus).toHaveTextContent(/^In Progress$/);
      expect(within(secondAction).getByRole("link", { name: "Watch Safe Storage at Home" })).toHaveAttribute(
        "href",
        "/webinar/w1/watch",
      );
      // The tab is kept in the address, so a reload or Back returns to it.
      expect(router.state.location.search).toBe("?tab=webinars");
    });

    it("opens on the tab named in the address", async () => {
      renderDashboard({ initialEntries: ["/dashboard?tab=webinars"] });
      expect(await screen.findByRole("tab", { name: "My Webinars" })).toHaveAttribute("aria-selected", "true");
    });

    it("shows skeleton rows while loading", async () => {
      renderDashboard({ registrations: { pending: true } });
      const panel = within(await openWebinarsTab());
      expect(panel.getByRole("status")).toHaveTextContent("Loading webinars");
      expect(panel.getAllByTestId("registration-row-skeleton")).toHaveLength(3);
    });

    it("offers 'Browse Webinars' when there are none", async () => {
      renderDashboard();
      const panel = within(await openWebinarsTab());
      expect(await panel.findByText("No webinars yet")).toBeInTheDocument();
      expect(panel.getByRole("link", { name: "Browse Webinars" })).toHaveAttribute("href", "/webinars");
    });

    it("says 'Failed to load registrations. Please try again later.' when the list fails", async () => {
      renderDashboard({ registrations: serverError });
      const panel = within(await openWebinarsTab());
      expect(await panel.findByText("Failed to load registrations. Please try again later.")).toBeInTheDocument();
    });
  });
});
