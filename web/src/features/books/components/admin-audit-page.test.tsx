import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { adminSession, jsonResponse, mockApi, renderApp } from "@/test/utils";
import { AdminAuditPage } from "./admin-audit-page";

const entry = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  at: "2025-11-20T16:00:00Z",
  actor_id: "a1",
  actor_email: "admin@example.com",
  actor_role: "admin",
  action: "coupon.refund",
  target_type: "coupon",
  target_id: "c1",
  summary: "LW-7K3M… $48.00 credit voided: active → refunded",
  request_id: "abc123",
  client_network: "203.0.113.0/24",
  ...over,
});

function renderPage(url = "/admin/audit") {
  const seen: string[] = [];
  mockApi(adminSession, (u) => {
    const parsed = new URL(u, "http://test");
    if (parsed.pathname !== "/api/admin/audit") return undefined;
    seen.push(parsed.search);
    const cursor = parsed.searchParams.get("cursor");
    return jsonResponse({
      entries: cursor
        ? [
            entry("e3", { action: "webinar.create", actor_id: null, actor_email: null, actor_role: null }),
            entry("e4", { action: "user.create", actor_id: null, actor_email: null, actor_role: "command line" }),
          ]
        : [entry("e1"), entry("e2")],
      has_more: !cursor,
      next_cursor: cursor ? null : "next",
      actions: ["coupon.refund", "webinar.create"],
      target_types: ["coupon", "webinar"],
      retention_days: 730,
    });
  });
  const utils = renderApp(<AdminAuditPage />, { path: "/admin/audit", initialEntries: [url] });
  return { ...utils, seen };
}

describe("AdminAuditPage", () => {
  it("lists entries newest first with actor, action, target and network, and pages with Load More", async () => {
    renderPage();
    const table = await screen.findByRole("table", { name: "Audit log" });
    await within(table).findAllByText("admin@example.com");
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent("admin@example.com(admin)coupon.refund");
    expect(rows[1]).toHaveTextContent("203.0.113.0/24");
    expect(screen.getByText(/kept 730 days/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Load More" }));
    expect(await within(table).findByText("System")).toBeInTheDocument();
    expect(within(table).getByText("System (command line)")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Load More" })).not.toBeInTheDocument();
  });

  it("filters by actor, action and period, in the URL, the export included", async () => {
    const { seen, router } = renderPage();
    await screen.findByRole("table", { name: "Audit log" });
    await userEvent.type(screen.getByLabelText('Actor (e-mail, or "system")'), "admin@example.com");
    await userEvent.selectOptions(await screen.findByLabelText("Action"), "coupon.refund");
    await userEvent.type(screen.getByLabelText("From"), "2025-11-01");
    await userEvent.type(screen.getByLabelText("To"), "2025-11-30");
    await userEvent.click(screen.getByRole("button", { name: "Apply filters" }));
    const want = "actor=admin%40example.com&action=coupon.refund&from=2025-11-01&to=2025-11-30";
    expect(router.state.location.search).toBe(`?${want}`);
    expect(await screen.findByRole("link", { name: "Download CSV" })).toHaveAttribute("href", `/api/admin/audit/export.csv?${want}`);
    expect(seen.at(-1)).toBe(`?${want}&limit=100`);
  });
});
