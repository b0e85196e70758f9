import { describe, expect, it } from "vitest";
import { COUPON_EXPIRY_DAYS, couponLifeDays } from "./coupon-terms";

describe("couponLifeDays", () => {
  it("reads the life from the coupon's dates, across a daylight-saving change", () => {
    expect(couponLifeDays("2026-10-20T15:00:00Z", "2026-11-19T15:00:00Z")).toBe(30);
    expect(couponLifeDays("2026-10-20T15:00:00Z", "2027-01-18T15:00:00Z")).toBe(90);
  });

  it("falls back to the default 30 days for unreadable or inverted dates", () => {
    expect(couponLifeDays("", "2026-11-19T15:00:00Z")).toBe(COUPON_EXPIRY_DAYS);
    expect(couponLifeDays("2026-11-19T15:00:00Z", "2026-10-20T15:00:00Z")).toBe(COUPON_EXPIRY_DAYS);
  });
});
