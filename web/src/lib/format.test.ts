import { describe, expect, it } from "vitest";
import {
  formatEventDate,
  formatPrice,
  formatSeats,
  formatSeatsLeftBadge,
  zoneAbbreviation,
  zoneLabel,
} from "./format";
import { fromWallClock, todayIn, toWallClock } from "./store-time";

describe("formatEventDate", () => {
  it("formats a winter date in Chicago with CST", () => {
    expect(formatEventDate("2026-12-04T00:30:00Z", "America/Chicago")).toBe("December 3, 2026 at 6:30 PM CST");
  });

  it("formats a summer date in Chicago with CDT", () => {
    expect(formatEventDate("2026-07-15T17:00:00Z", "America/Chicago")).toBe("July 15, 2026 at 12:00 PM CDT");
  });

  it("uses the given zone's own abbreviation", () => {
    expect(formatEventDate("2026-07-15T17:00:00Z", "America/New_York")).toBe("July 15, 2026 at 1:00 PM EDT");
    expect(formatEventDate("2026-01-15T17:00:00Z", "America/Los_Angeles")).toBe("January 15, 2026 at 9:00 AM PST");
  });

  it("defaults to the store zone (America/Chicago)", () => {
    expect(formatEventDate("2026-01-01T18:00:00Z")).toBe("January 1, 2026 at 12:00 PM CST");
  });

  it("accepts offsets other than Z", () => {
    expect(formatEventDate("2026-12-03T18:30:00-06:00", "America/Chicago")).toBe("December 3, 2026 at 6:30 PM CST");
  });

  it("falls back to the store zone for an unknown zone", () => {
    expect(formatEventDate("2026-12-04T00:30:00Z", "Mars/Olympus")).toBe("December 3, 2026 at 6:30 PM CST");
  });

  it("returns an unformattable value as it is", () => {
    expect(formatEventDate("not a date", "America/Chicago")).toBe("not a date");
    expect(formatEventDate("", "America/Chicago")).toBe("");
    expect(formatEventDate("2026-13-45T99:00:00Z", "America/Chicago")).toBe("2026-13-45T99:00:00Z");
  });
});

describe("zone names", () => {
  it("abbreviates by season", () => {
    expect(zoneAbbreviation(new Date("2026-01-10T12:00:00Z"), "America/Chicago")).toBe("CST");
    expect(zoneAbbreviation(new Date("2026-06-10T12:00:00Z"), "America/Chicago")).toBe("CDT");
  });

  it("labels the zone for the admin form", () => {
    expect(zoneLabel(new Date("2026-01-10T12:00:00Z"), "America/Chicago")).toBe("Central Time (CST)");
    expect(zoneLabel(new Date("2026-06-10T12:00:00Z"), "America/Chicago")).toBe("Central Time (CDT)");
  });
});

describe("money and seats", () => {
  it("shows prices with a dollar sign and two decimals", () => {
    expect(formatPrice(40)).toBe("$40.00");
    expect(formatPrice(19.5)).toBe("$19.50");
    expect(formatPrice(1250)).toBe("$1,250.00");
  });

  it("shows FREE for a price of 0", () => {
    expect(formatPrice(0)).toBe("FREE");
  });

  it("shows seats as left/total and the low-seat badge", () => {
    expect(formatSeats(17, 20)).toBe("17/20 seats left");
    expect(formatSeatsLeftBadge(4)).toBe("Only 4 seats left");
    expect(formatSeatsLeftBadge(1)).toBe("Only 1 seat left");
  });
});

describe("store wall clock", () => {
  it("converts a winter wall-clock time in Chicago to UTC", () => {
    expect(fromWallClock("2026-12-03", "18:30", "America/Chicago")).toBe("2026-12-04T00:30:00Z");
  });

  it("converts a summer wall-clock time in Chicago to UTC", () => {
    expect(fromWallClock("2026-07-15", "12:00", "America/Chicago")).toBe("2026-07-15T17:00:00Z");
  });

  it("round-trips through the store zone", () => {
    expect(toWallClock("2026-12-04T00:30:00Z", "America/Chicago")).toEqual({ date: "2026-12-03", time: "18:30" });
    expect(toWallClock("2026-07-15T17:00:00Z", "America/Chicago")).toEqual({ date: "2026-07-15", time: "12:00" });
    expect(toWallClock("nope", "America/Chicago")).toBeNull();
  });

  it("refuses missing or impossible values", () => {
    expect(fromWallClock("", "12:00", "America/Chicago")).toBeNull();
    expect(fromWallClock("2026-12-03", "", "America/Chicago")).toBeNull();
    expect(fromWallClock("2026-02-30", "12:00", "America/Chicago")).toBeNull();
    expect(fromWallClock("2026-12-03", "25:00", "America/Chicago")).toBeNull();
  });

  it("gives today's date in the store zone", () => {
    // 03:00 UTC on Jan 2 is still Jan 1 in Chicago.
    expect(todayIn("America/Chicago", new Date("2026-01-02T03:00:00Z"))).toBe("2026-01-01");
  });
});
