import { describe, expect, it } from "vitest";
import { formatCents, formatMoney } from "./money";

// The same table as internal/money's TestFormatAndPlain: the browser and the
// server write money alike.
describe("money", () => {
  it.each([
    [0, "$0.00"],
    [5, "$0.05"],
    [4800, "$48.00"],
    [99999, "$999.99"],
    [100000, "$1,000.00"],
    [120000, "$1,200.00"],
    [123456789, "$1,234,567.89"],
    [-525, "-$5.25"],
    [-120050, "-$1,200.50"],
  ])("formatCents(%d) is %s", (cents, text) => {
    expect(formatCents(cents)).toBe(text);
    expect(formatMoney(cents / 100)).toBe(text);
  });

  it("rounds dollars to the cent and writes nonsense as zero", () => {
    expect(formatMoney(1200.5)).toBe("$1,200.50");
    expect(formatMoney(0.1 + 0.2)).toBe("$0.30");
    expect(formatMoney(Number.NaN)).toBe("$0.00");
  });
});
