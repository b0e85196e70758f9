import { describe, expect, it } from "vitest";
import { createScanDebounce } from "./scan-debounce";

describe("createScanDebounce", () => {
  it("looks a code up once while it stays in view, and again after a pause", () => {
    const d = createScanDebounce(2000);
    expect(d.accept("LW-A", 0)).toBe(true);
    // Seen every 150 ms for 5 s: each sighting restarts the window.
    for (let t = 150; t <= 5000; t += 150) expect(d.accept("LW-A", t)).toBe(false);
    // Out of view for 2 s, then back.
    expect(d.accept("LW-A", 4950 + 2000)).toBe(true);
  });

  it("takes another code at once, and the first again right after it", () => {
    const d = createScanDebounce(2000);
    expect(d.accept("LW-A", 0)).toBe(true);
    expect(d.accept("LW-B", 10)).toBe(true);
    expect(d.accept("LW-A", 20)).toBe(true);
  });

  it("forgets the last code on reset", () => {
    const d = createScanDebounce(2000);
    d.accept("LW-A", 0);
    d.reset();
    expect(d.accept("LW-A", 1)).toBe(true);
  });
});
