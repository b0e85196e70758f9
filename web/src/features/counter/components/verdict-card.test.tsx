import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { mockApi, renderApp, staffSession } from "@/test/utils";
import type { CounterCoupon } from "../api/schemas";
import type { Verdict } from "../lib/verdict";
import { VerdictCard } from "./verdict-card";

const coupon: CounterCoupon = {
  id: "c1",
  code: "LW-7K3M-Q9PX-4TRW",
  value_cents: 4800,
  min_purchase_cents: 9600,
  owner_name: "Sam Carter",
  webinar_title: "Safe Storage at Home",
  // 18:30 UTC in winter is 12:30 PM CST.
  issued_at: "2026-11-22T18:30:00Z",
  expires_at: "2026-12-22T18:30:00Z",
  redeemed_at: null,
  redeemed_by_name: null,
  redeemed_by_me: false,
  can_undo: false,
};

const redeemed: CounterCoupon = {
  ...coupon,
  redeemed_at: "2026-12-01T21:05:00Z",
  redeemed_by_name: "Rita Clerk",
};

function renderCard(verdict: Verdict, busy: "redeem" | "undo" | null = null) {
  mockApi(staffSession);
  const onRedeem = vi.fn();
  const onUndo = vi.fn();
  renderApp(<VerdictCard verdict={verdict} timeZone="America/Chicago" busy={busy} onRedeem={onRedeem} onUndo={onUndo} />);
  return { onRedeem, onUndo };
}

describe("VerdictCard", () => {
  it("VALID: a status with the value, the minimum purchase, owner, webinar, expiry, the ID reminder and Mark Redeemed", async () => {
    const { onRedeem } = renderCard({ kind: "valid", coupon });
    const status = await screen.findByRole("status");
    expect(within(status).getByRole("heading", { name: "VALID" })).toBeInTheDocument();
    expect(status).toHaveTextContent("Take $48.00 off a purchase of $96.00 or more.");
    const card = screen.getByRole("region", { name: "VALID" });
    expect(within(card).getByText("$48.00")).toBeInTheDocument();
    expect(within(card).getByText("$96.00")).toBeInTheDocument();
    expect(within(card).getByText("Sam Carter")).toBeInTheDocument();
    expect(within(card).getByText("Safe Storage at Home")).toBeInTheDocument();
    expect(within(card).getByText("December 22, 2026 at 12:30 PM CST")).toBeInTheDocument();
    expect(within(card).getByText("Check photo ID (21+) and FOID for firearm purchases")).toBeInTheDocument();
    expect(within(card).getByText("LW-7K3M-Q9PX-4TRW")).toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: "Undo" })).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole("button", { name: "Mark Redeemed" }));
    expect(onRedeem).toHaveBeenCalledWith("LW-7K3M-Q9PX-4TRW", "");
  });

  it("VALID with a paid value that never expires: says so where the expiry goes, the bonus with its date", async () => {
    renderCard({
      kind: "valid",
      coupon: {
        ...coupon,
        expires_at: "9999-12-31T00:00:00Z",
        value_policy: "split",
        paid_never_expires: true,
        paid_cents: 4000,
        paid_until: "9999-12-31T00:00:00Z",
        bonus_cents: 800,
        bonus_until: "2026-12-22T18:30:00Z",
        value_today_cents: 4800,
        bonus_expired: false,
      },
    });
    const card = await screen.findByRole("region", { name: "VALID" });
    expect(within(card).getByText("Paid value never expires")).toBeInTheDocument();
    expect(card).toHaveTextContent("Paid value $40.00 — never expires");
    expect(card).toHaveTextContent("$8.00 Promotional value — expires December 22, 2026");
    expect(card).not.toHaveTextContent("9999");
  });

  it("VALID with a POS receipt required: Mark Redeemed waits for the number, which a scanner's Enter sends", async () => {
    const { onRedeem } = renderCard({ kind: "valid", coupon, receiptRequired: true });
    const card = await screen.findByRole("region", { name: "VALID" });
    expect(within(card).getByRole("button", { name: "Mark Redeemed" })).toBeDisabled();
    await userEvent.type(within(card).getByLabelText("POS receipt #"), " R-1001{Enter}");
    expect(onRedeem).toHaveBeenCalledWith("LW-7K3M-Q9PX-4TRW", "R-1001");
  });

  it("VALID while redeeming: the button says so and waits", async () => {
    renderCard({ kind: "valid", coupon }, "redeem");
    expect(await screen.findByRole("button", { name: "Redeeming..." })).toBeDisabled();
  });

  it("REDEEMED just now by this clerk: a status, the credit to apply, and Undo", async () => {
    const { onUndo } = renderCard({ kind: "redeemed-now", coupon: { ...redeemed, redeemed_by_me: true, can_undo: true } });
    const status = await screen.findByRole("status");
    expect(within(status).getByRole("heading", { name: "REDEEMED" })).toBeInTheDocument();
    expect(status).toHaveTextContent("Redeemed. Apply $48.00 store credit.");
    expect(screen.queryByRole("button", { name: "Mark Redeemed" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Undo" }));
    expect(onUndo).toHaveBeenCalledWith("LW-7K3M-Q9PX-4TRW");
  });

  it("ALREADY REDEEMED: an alert with when and by whom, no redeem button, no undo for someone else's", async () => {
    renderCard({ kind: "already-redeemed", coupon: redeemed });
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading", { name: "ALREADY REDEEMED" })).toBeInTheDocument();
    expect(alert).toHaveTextContent("Redeemed December 1, 2026 at 3:05 PM CST by Rita Clerk. Do not accept it.");
    expect(screen.queryByRole("button", { name: "Mark Redeemed" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Undo" })).not.toBeInTheDocument();
  });

  it("ALREADY REDEEMED by this clerk a moment ago: says 'by you' and offers Undo", async () => {
    renderCard({ kind: "already-redeemed", coupon: { ...redeemed, redeemed_by_me: true, can_undo: true } });
    expect(await screen.findByRole("alert")).toHaveTextContent("by you. Do not accept it.");
    expect(screen.getByRole("button", { name: "Undo" })).toBeEnabled();
  });

  it("EXPIRED: an alert with the expiry date and no action", async () => {
    renderCard({ kind: "expired", coupon });
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading", { name: "EXPIRED" })).toBeInTheDocument();
    expect(alert).toHaveTextContent("Expired December 22, 2026 at 12:30 PM CST. Do not accept it.");
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("REFUNDED: an alert that the coupon is void, and no action", async () => {
    renderCard({ kind: "refunded", coupon });
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading", { name: "REFUNDED" })).toBeInTheDocument();
    expect(alert).toHaveTextContent("This coupon was refunded, so it is void. Do not accept it.");
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("DISPUTED: an alert that its payment is disputed, and no action", async () => {
    renderCard({ kind: "disputed", coupon });
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading", { name: "DISPUTED" })).toBeInTheDocument();
    expect(alert).toHaveTextContent("The payment for this coupon is disputed with the card issuer. Do not accept it.");
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("VALID but the clerk's own: the server's words instead of Mark Redeemed", async () => {
    renderCard({ kind: "valid", coupon: { ...coupon, own_coupon: true } });
    const card = await screen.findByRole("region", { name: "VALID" });
    expect(within(card).getByText("Ask another staff member to redeem your own coupon.")).toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: "Mark Redeemed" })).not.toBeInTheDocument();
  });

  it("NOT FOUND: an alert with the code that was read", async () => {
    renderCard({ kind: "not-found", code: "LW-0000-0000-0000" });
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading", { name: "NOT FOUND" })).toBeInTheDocument();
    expect(alert).toHaveTextContent("No coupon with this code. Check the code and try again.");
    expect(screen.getByText("LW-0000-0000-0000")).toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });
});
