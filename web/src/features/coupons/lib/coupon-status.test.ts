import { describe, expect, it } from "vitest";
import { couponDisplayStatus } from "./coupon-status";

const now = new Date("2026-11-22T12:00:00Z");
const future = "2026-12-22T12:00:00Z";
const past = "2026-11-22T11:59:59Z";

describe("couponDisplayStatus (docs/product.md#states-and-transitions)", () => {
  it.each([
    ["used, even before expiry", "used", future, "Redeemed", "info"],
    ["used after expiry stays redeemed", "used", past, "Redeemed", "info"],
    ["expired by the server", "expired", future, "Expired", "secondary"],
    ["active but past expires_at", "active", past, "Expired", "secondary"],
    ["active at the very instant of expiry", "active", now.toISOString(), "Expired", "secondary"],
    ["active and unexpired", "active", future, "Valid", "success"],
    ["refunded, before expiry", "refunded", future, "Refunded", "muted"],
    ["refunded after expiry stays refunded", "refunded", past, "Refunded", "muted"],
    ["a refund under way", "refunding", future, "Refund pending", "muted"],
    ["disputed with the card issuer, even past expiry", "disputed", past, "Disputed", "destructive"],
  ])("%s", (_, status, expires_at, label, variant) => {
    expect(couponDisplayStatus({ status, expires_at }, now)).toEqual({ label, variant });
  });

  it("badge colours: green valid, grey expired, blue redeemed", () => {
    // The Badge variants behind them (components/ui/badge.tsx).
    expect(couponDisplayStatus({ status: "active", expires_at: future }, now).variant).toBe("success");
    expect(couponDisplayStatus({ status: "expired", expires_at: past }, now).variant).toBe("secondary");
    expect(couponDisplayStatus({ status: "used", expires_at: past }, now).variant).toBe("info");
  });
});
