import { describe, expect, it } from "vitest";
import { accessRetryDelay, accessRetrySchedule, nextAccessStep } from "./access-check";

describe("accessRetrySchedule (docs/product.md#states-and-transitions, docs/product.md#timings-and-constants)", () => {
  it("waits 1500 ms, then 1.5 times longer before each of the 5 retries", () => {
    expect(accessRetrySchedule(false)).toEqual([1500, 2250, 3375, 5063, 7594]);
  });

  it("starts at 2000 ms when a temporary marker exists", () => {
    expect(accessRetrySchedule(true)).toEqual([2000, 3000, 4500, 6750, 10125]);
  });

  it("numbers retries from 1", () => {
    expect(accessRetryDelay(1, false)).toBe(1500);
    expect(accessRetryDelay(2, true)).toBe(3000);
  });
});

describe("nextAccessStep", () => {
  const none = { found: false, errored: false };
  const failed = { found: false, errored: true };
  const opts = { hasMarker: false, markerValid: false };

  it("allows as soon as the registration is found, on any attempt", () => {
    expect(nextAccessStep({ found: true, errored: false }, { ...opts, retriesDone: 0 })).toEqual({ kind: "allow" });
    expect(nextAccessStep({ found: true, errored: false }, { ...opts, retriesDone: 5 })).toEqual({ kind: "allow" });
  });

  it("retries five times with the growing delay while the request fails", () => {
    const delays = [0, 1, 2, 3, 4].map((retriesDone) => nextAccessStep(failed, { ...opts, retriesDone }));
    expect(delays).toEqual([1500, 2250, 3375, 5063, 7594].map((delay) => ({ kind: "retry", delay })));
  });

  it("takes the server's 'not registered' at its word: 'Registration required' at once, without a marker", () => {
    expect(nextAccessStep(none, { ...opts, retriesDone: 0 })).toEqual({ kind: "deny", reason: "required" });
  });

  it("with a marker (just registered in this tab), asks again while the registration may be landing", () => {
    const delays = [0, 1, 2, 3, 4].map((retriesDone) => nextAccessStep(none, { hasMarker: true, markerValid: true, retriesDone }));
    expect(delays).toEqual([2000, 3000, 4500, 6750, 10125].map((delay) => ({ kind: "retry", delay })));
  });

  it("uses the marker's base delay", () => {
    expect(nextAccessStep(none, { retriesDone: 0, hasMarker: true, markerValid: true })).toEqual({ kind: "retry", delay: 2000 });
  });

  it("after the retries, a valid marker allows temporary viewing", () => {
    expect(nextAccessStep(none, { retriesDone: 5, hasMarker: true, markerValid: true })).toEqual({ kind: "temporary" });
  });

  it("after the retries, without a valid marker: 'Registration required'", () => {
    expect(nextAccessStep(none, { retriesDone: 5, hasMarker: true, markerValid: false })).toEqual({
      kind: "deny",
      reason: "required",
    });
  });

  it("after the retries, when the last check failed: 'Registration verification failed'", () => {
    expect(nextAccessStep(failed, { ...opts, retriesDone: 5 })).toEqual({ kind: "deny", reason: "verification_failed" });
  });
});
