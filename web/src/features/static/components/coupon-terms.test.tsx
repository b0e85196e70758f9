import { describe, expect, it } from "vitest";
import { couponTermsFor } from "./coupon-terms";

describe("couponTermsFor", () => {
  const split = { policy: "split", paid_never_expires: false, paid_years: 5, bonus_days: 30, whole_expiry_days: 30 } as const;

  it("gives the paid part its years under Split", () => {
    expect(couponTermsFor(split)).toContain("The part of the value you paid is valid for 5 years after issue.");
  });

  it("says the paid part never expires when the store chose so, the bonus still with its days", () => {
    const terms = couponTermsFor({ ...split, paid_never_expires: true });
    expect(terms).toContain("The part of the value you paid never expires.");
    expect(terms.join(" ")).not.toMatch(/5 years/);
    expect(terms.join(" ")).toMatch(/promotional value: it expires 30 days after issue/);
  });
});
