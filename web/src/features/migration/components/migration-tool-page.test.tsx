import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { jsonResponse, mockApi, renderApp, userSession } from "@/test/utils";
import { LOCAL_COUPONS_KEY, compareCoupons, readLocalCoupons } from "../lib/local-coupons";
import { MigrationToolPage } from "./migration-tool-page";

type Handler = (url: string, init: RequestInit) => Response | Promise<Response> | undefined;

const serverCoupon = {
  id: "c1",
  code: "LW-7K3M-Q9PX-4TRW",
  user_id: "u1",
  webinar_id: "w1",
  webinar_title: "Pistol Basics",
  webinar_registration_id: "r1",
  value: 48,
  value_cents: 4800,
  original_payment_amount: 40,
  original_payment_cents: 4000,
  min_purchase: 96,
  min_purchase_today: 96,
  status: "active",
  created_at: "2026-11-01T00:00:00Z",
  expires_at: "2026-12-01T00:00:00Z",
  redeemed_at: null,
};
const other = { ...serverCoupon, id: "c2", code: "LW-AAAA-BBBB-CCCC", webinar_title: "Rifle Care", value: 24 };

function renderPage(handler?: Handler, session = userSession) {
  const fetchMock = mockApi(session, (url, init) => {
    const custom = handler?.(url, init);
    if (custom) return custom;
    if (url === "/api/migration/status") return jsonResponse({ engine: "sqlite", migration_version: 12, coupons: 2, registrations: 3 });
    if (url === "/api/coupons") return jsonResponse({ coupons: [serverCoupon, other] });
    return undefined;
  });
  const utils = renderApp(<MigrationToolPage />, { path: "/migration-tool", initialEntries: ["/migration-tool"] });
  return { ...utils, fetchMock };
}

function saveLocal(coupons: Record<string, unknown>) {
  localStorage.setItem(LOCAL_COUPONS_KEY, JSON.stringify(coupons));
}

afterEach(() => localStorage.clear());

describe("local coupons", () => {
  it("reads webinarCoupons keyed by code and skips what it cannot read", () => {
    saveLocal({ "lw-7k3m-q9px-4trw": { value: 48, webinarTitle: "Pistol Basics" }, "LW-FAKE": { code: "LW-FAKE-0001", value: "25" }, "": 3 });
    expect(readLocalCoupons().map((c) => [c.code, c.value])).toEqual([
      ["lw-7k3m-q9px-4trw", 48],
      ["LW-FAKE-0001", 25],
    ]);
    localStorage.setItem(LOCAL_COUPONS_KEY, "{not json");
    expect(readLocalCoupons()).toEqual([]);
  });

  it("matches codes in any case, local-only first", () => {
    const rows = compareCoupons(readLocalCoupons(), []);
    expect(rows).toEqual([]);
    saveLocal({ "lw-7k3m-q9px-4trw": { value: 48 }, "LW-FAKE-0001": { value: 25 } });
    const compared = compareCoupons(readLocalCoupons(), [
      { code: "LW-7K3M-Q9PX-4TRW", value: 48, webinar_title: "Pistol Basics", status: "active" },
      { code: "LW-AAAA-BBBB-CCCC", value: 24, webinar_title: "Rifle Care", status: "active" },
    ]);
    expect(compared.map((r) => [r.code, r.where])).toEqual([
      ["LW-FAKE-0001", "local"],
      ["LW-7K3M-Q9PX-4TRW", "both"],
      ["LW-AAAA-BBBB-CCCC", "server"],
    ]);
  });
});

describe("MigrationToolPage", () => {
  it("shows the database status card", async () => {
    renderPage();
    const card = screen.getByRole("region", { name: "Database Status" });
    expect(await within(card).findByText("SQLite")).toBeInTheDocument();
    expect(card).toHaveTextContent("Schema version12");
    expect(card).toHaveTextContent("Your coupons2");
    expect(card).toHaveTextContent("Your registrations3");
  });

  it("compares the browser's coupons with the account's", async () => {
    saveLocal({ "lw-7k3m-q9px-4trw": { value: 48, webinarTitle: "Pistol Basics" }, "LW-FAKE-0001": { value: 25 } });
    renderPage();
    const region = screen.getByRole("region", { name: "Coupon Comparison" });
    const table = await within(region).findByRole("table");
    const row = (code: string) => within(table).getByRole("rowheader", { name: code }).closest("tr")!;
    expect(await within(table).findByRole("rowheader", { name: "LW-AAAA-BBBB-CCCC" })).toBeInTheDocument();
    expect(row("LW-FAKE-0001")).toHaveTextContent("Only in this browser");
    expect(row("LW-7K3M-Q9PX-4TRW")).toHaveTextContent("In both");
    expect(row("LW-AAAA-BBBB-CCCC")).toHaveTextContent("Only on the server");
    expect(region).toHaveTextContent("2 coupons saved in this browser · 2 in your account");
  });

  it("runs the migration and reports 'Migration Complete'", async () => {
    saveLocal({ "lw-7k3m-q9px-4trw": { value: 48 }, "LW-FAKE-0001": { value: 25 } });
    const { fetchMock } = renderPage((url, init) =>
      url === "/api/migration/run" && init.method === "POST"
        ? jsonResponse({ success: true, migrated: 1, linked: 1, rederived: 0, unknown: 1, linked_codes: ["LW-7K3M-Q9PX-4TRW"] })
        : undefined,
    );
    await userEvent.click(screen.getByRole("button", { name: "Run Migration" }));
    expect(await screen.findByText("Successfully migrated 1 coupons.", { selector: "[data-title], div, p" })).toBeInTheDocument();
    expect(screen.getAllByText("Migration Complete").length).toBeGreaterThan(0);
    const call = fetchMock.mock.calls.find(([u]) => u === "/api/migration/run")!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({
      coupons: [
        { code: "lw-7k3m-q9px-4trw", value: 48 },
        { code: "LW-FAKE-0001", value: 25 },
      ],
    });
    const table = screen.getByRole("table");
    expect(within(table).getByRole("rowheader", { name: "LW-7K3M-Q9PX-4TRW" }).closest("tr")).toHaveTextContent("Linked");
    expect(screen.getByRole("region", { name: "Coupon Comparison" })).toHaveTextContent("1 saved code does not match");
  });

  it("reports 'Migration Failed' with the server's error", async () => {
    saveLocal({ "LW-FAKE-0001": { value: 25 } });
    renderPage((url, init) =>
      url === "/api/migration/run" && init.method === "POST"
        ? jsonResponse({ error: { code: "validation_failed", message: "At most 200 coupons can be migrated at once.", field: "coupons" } }, 400)
        : undefined,
    );
    await userEvent.click(screen.getByRole("button", { name: "Run Migration" }));
    expect(await screen.findByText("Migration Failed")).toBeInTheDocument();
    expect(await screen.findByText("At most 200 coupons can be migrated at once.")).toBeInTheDocument();
  });

  it("disables Run Migration when the browser holds no coupons", async () => {
    renderPage();
    expect(screen.getByRole("button", { name: "Run Migration" })).toBeDisabled();
  });

  it("tells the truth in the Check Tables, Create Tables and RLS Settings tabs", async () => {
    renderPage();
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual(["Check Tables", "Create Tables", "RLS Settings"]);
    expect(await screen.findByText(/numbered schema migrations applied every time it starts \(SQLite, schema version 12\)/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("tab", { name: "Create Tables" }));
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Cannot create table through client API");
    await userEvent.click(screen.getByRole("tab", { name: "RLS Settings" }));
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Row-level security cannot be disabled through the client");
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Access rules are enforced by the server");
  });

  it("asks a visitor who is not logged in to log in", async () => {
    renderPage(undefined, { user: null, profile: null });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Authentication Required");
    expect(alert).toHaveTextContent("Please log in to access the migration tool.");
  });
});
