import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { adminSession, jsonResponse, mockApi, renderApp } from "@/test/utils";
import { AdminReportsPage } from "./admin-reports-page";

const m = (count: number, cents: number) => ({ count, cents, dollars: cents / 100 });

/** `waiting`: the funnel row's people on the waiting list; null leaves it out (a server before the list). */
function report(from: string, to: string, waiting: number | null = 7) {
  return {
    period: { period: "custom", from, to, start: "2025-11-01T05:00:00Z", end: "2025-12-01T06:00:00Z" },
    payments: { taken: m(3, 10500), refunded: m(1, 2500), net_cents: 8000, returned_no_seat: m(0, 0) },
    coupons: { issued: m(3, 12600), redeemed: m(1, 4800), expired: m(1, 4800), refunded: m(1, 3000) },
    outstanding: { ...m(1, 4800), as_of: "2025-12-01T06:00:00Z" },
    funnel: [
      { webinar_id: "w1", webinar_title: "Holster Fundamentals", registered: 5, watched: 4, paid: 3, redeemed: 1,
        watched_percent: 80, paid_percent: 75, redeemed_percent: 33.3,
        ...(waiting === null ? {} : { waiting, card_clicks: 12, questions: 3, questions_answered: 2, followed_up: 9,
          follow_up_came_back: 4, follow_up_bought: 1 }) },
    ],
    series: {
      bucket: "day",
      points: [
        { start: "2025-11-01", sales: m(1, 4000), redemptions: m(0, 0) },
        { start: "2025-11-02", sales: m(0, 0), redemptions: m(1, 4800) },
      ],
    },
    controls: {
      self_redemptions: [
        { coupon_id: "c1", code: "LW-SELF-SELF-0001", value_cents: 4800, redeemed_at: "2025-11-03T18:00:00Z",
          redeemed_by: "Casey Clerk", undone_at: null },
      ],
      refunds_after_undo: [
        { coupon_id: "c2", code: "LW-UNDO-UNDO-0001", value_cents: 3000, redeemed_at: "2025-11-04T18:00:00Z",
          redeemed_by: "Casey Clerk", undone_at: "2025-11-04T18:05:00Z", undone_by: "Casey Clerk",
          refunded_at: "2025-11-05T18:00:00Z", refunded_by: "Avery Admin", reason: "Goods returned" },
      ],
    },
  };
}

function renderPage(url = "/admin/reports", waiting: number | null = 7) {
  const seen: string[] = [];
  const fetchMock = mockApi(adminSession, (u) => {
    const parsed = new URL(u, "http://test");
    if (parsed.pathname !== "/api/admin/reports") return undefined;
    seen.push(parsed.search);
    return jsonResponse(
      report(parsed.searchParams.get("from") ?? "2025-11-01", parsed.searchParams.get("to") ?? "2025-11-30", waiting),
    );
  });
  const utils = renderApp(<AdminReportsPage />, { path: "/admin/reports", initialEntries: [url] });
  return { ...utils, seen, fetchMock };
}

describe("AdminReportsPage", () => {
  it("lists the period's self-redemptions and refunds after a cancelled redemption, with the reason", async () => {
    renderPage();
    const self = await screen.findByRole("table", { name: "Self-redemptions" });
    expect(within(self).getByRole("rowheader", { name: "LW-SELF-SELF-0001" }).closest("tr")).toHaveTextContent(
      "LW-SELF-SELF-0001$48.00Casey Clerk, November 3, 2025 at 12:00 PM CSTNo",
    );
    const refunds = screen.getByRole("table", { name: "Refunds after a cancelled redemption" });
    const row = within(refunds).getByRole("rowheader", { name: "LW-UNDO-UNDO-0001" }).closest("tr")!;
    expect(row).toHaveTextContent("by Casey Clerk");
    expect(row).toHaveTextContent("by Avery Admin");
    expect(row).toHaveTextContent("Goods returned");
  });

  it("shows each webinar's people on the waiting list in the funnel's 'Waiting' column, with its hint", async () => {
    const { unmount } = renderPage();
    const funnel = await screen.findByRole("table", { name: "Webinar funnel" });
    const header = within(funnel).getByRole("columnheader", { name: "Waiting" });
    expect(header).toHaveAttribute("title", "People on the waiting list now: you could have sold this many more.");
    expect(within(funnel).getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Webinar",
      "Registered",
      "Watched fully",
      "Paid",
      "Redeemed",
      "Waiting",
    ]);
    const row = within(funnel).getByRole("rowheader", { name: "Holster Fundamentals" }).closest("tr")!;
    expect(within(row).getAllByRole("cell").at(-1)).toHaveTextContent(/^7$/);
    unmount();

    // A report without the figure (a server before the waiting list) shows a dash, not 0.
    renderPage("/admin/reports", null);
    const older = await screen.findByRole("table", { name: "Webinar funnel" });
    const olderRow = (await within(older).findByRole("rowheader", { name: "Holster Fundamentals" })).closest("tr")!;
    expect(within(olderRow).getAllByRole("cell").at(-1)).toHaveTextContent(/^—$/);
  });

  it("shows what brought viewers back: card clicks, questions, follow-ups and their results", async () => {
    const { unmount } = renderPage();
    const table = await screen.findByRole("table", { name: "What brought viewers back" });
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Webinar",
      "Card clicks",
      "Questions",
      "Answered",
      "Followed up",
      "Came back",
      "Bought within 7 days",
    ]);
    expect(within(table).getByRole("rowheader", { name: "Holster Fundamentals" }).closest("tr")).toHaveTextContent(
      "Holster Fundamentals1232941",
    );
    unmount();

    // A server before these figures: no table rather than zeros.
    renderPage("/admin/reports", null);
    await screen.findByRole("table", { name: "Webinar funnel" });
    expect(screen.queryByRole("table", { name: "What brought viewers back" })).toBeNull();
  });

  it("shows the period's figures, the owed credit, the funnel, the chart and the exports", async () => {
    renderPage();
    expect(await screen.findByRole("heading", { level: 1, name: "Reports" })).toBeInTheDocument();
    const payments = await screen.findByRole("region", { name: "Payments" });
    expect(within(payments).getByText("$105.00")).toBeInTheDocument();
    expect(within(payments).getByText("$80.00")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Coupons (face value)" })).toHaveTextContent("Refunded$30.001 coupon");
    expect(screen.getByRole("heading", { name: "Outstanding store credit" }).closest("[data-slot=card]")).toHaveTextContent("$48.00");
    const funnel = screen.getByRole("table", { name: "Webinar funnel" });
    expect(within(funnel).getByRole("rowheader", { name: "Holster Fundamentals" }).closest("tr")).toHaveTextContent("Holster Fundamentals5480.0%375.0%133.3%");
    // The chart, with its figures as a table for screen readers.
    expect(await screen.findByRole("img", { name: /Bar chart of sales and redemptions per day/ })).toBeInTheDocument();
    expect(screen.getByRole("table", { name: "Sales and redemptions per day" })).toHaveTextContent("2025-11-01$40.00$0.00");
    const coupons = screen.getByRole("link", { name: "Coupons (CSV)" });
    expect(coupons).toHaveAttribute("href", "/api/admin/reports/exports/coupons.csv?period=this_month");
    expect(screen.getByRole("link", { name: "Audit log (CSV)" })).toHaveAttribute(
      "href",
      "/api/admin/audit/export.csv?from=2025-11-01&to=2025-11-30",
    );
  });

  it("asks for the period chosen: a named one at once, a custom one on Show", async () => {
    const { seen, router } = renderPage();
    await screen.findByRole("region", { name: "Payments" });
    await userEvent.selectOptions(screen.getByLabelText("Period"), "last_month");
    await screen.findByRole("region", { name: "Payments" });
    expect(router.state.location.search).toBe("?period=last_month");
    await userEvent.selectOptions(screen.getByLabelText("Period"), "custom");
    await userEvent.type(screen.getByLabelText("From"), "2025-11-01");
    await userEvent.type(screen.getByLabelText("To"), "2025-11-30");
    await userEvent.click(screen.getByRole("button", { name: "Show" }));
    expect(await screen.findByRole("link", { name: "Payments and refunds (CSV)" })).toHaveAttribute(
      "href",
      "/api/admin/reports/exports/payments.csv?period=custom&from=2025-11-01&to=2025-11-30",
    );
    expect(seen).toEqual(["?period=this_month", "?period=last_month", "?period=custom&from=2025-11-01&to=2025-11-30"]);
  });
});
