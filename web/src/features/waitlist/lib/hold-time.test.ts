import { describe, expect, it } from "vitest";
import { holdEnded, holdTimeLeft } from "./hold-time";

const now = new Date("2026-11-27T20:00:00Z");

describe("holdTimeLeft", () => {
  it("says hours and minutes while an hour or more is left", () => {
    expect(holdTimeLeft("2026-11-28T20:00:00Z", now)).toBe("24h 0m left");
    expect(holdTimeLeft("2026-11-28T19:15:00Z", now)).toBe("23h 15m left");
  });

  it("says minutes only under an hour, rounding the seconds up", () => {
    expect(holdTimeLeft("2026-11-27T20:42:00Z", now)).toBe("42m left");
    expect(holdTimeLeft("2026-11-27T20:00:20Z", now)).toBe("1m left");
    expect(holdTimeLeft("2026-11-27T20:59:30Z", now)).toBe("1h 0m left");
  });

  it("says 0m once the hold ended, and nothing for a value that is not a time", () => {
    expect(holdTimeLeft("2026-11-27T19:00:00Z", now)).toBe("0m left");
    expect(holdTimeLeft("soon", now)).toBe("");
  });
});

describe("holdEnded", () => {
  it("is true from the end on", () => {
    expect(holdEnded("2026-11-27T20:00:00Z", now)).toBe(true);
    expect(holdEnded("2026-11-27T20:00:01Z", now)).toBe(false);
    expect(holdEnded("soon", now)).toBe(false);
  });
});
