import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  TEMP_REGISTRATION_KEY,
  clearTempRegistration,
  isTempRegistrationValid,
  readTempRegistration,
  writeTempRegistration,
} from "./temp-registration";

describe("temp_webinar_registration marker (docs/product.md#records, docs/product.md#states-and-transitions)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-12-01T18:00:00Z"));
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  it("is written to localStorage as {webinarId, userId, timestamp}", () => {
    writeTempRegistration("w1", "u1");
    expect(JSON.parse(localStorage.getItem(TEMP_REGISTRATION_KEY) ?? "null")).toEqual({
      webinarId: "w1",
      userId: "u1",
      timestamp: Date.parse("2026-12-01T18:00:00Z"),
    });
    expect(readTempRegistration()).toEqual({ webinarId: "w1", userId: "u1", timestamp: Date.now() });
    clearTempRegistration();
    expect(readTempRegistration()).toBeNull();
  });

  it("is valid for the same webinar and user while under 60 s old", () => {
    writeTempRegistration("w1", "u1");
    expect(isTempRegistrationValid(readTempRegistration(), "w1", "u1")).toBe(true);
    vi.advanceTimersByTime(59_999);
    expect(isTempRegistrationValid(readTempRegistration(), "w1", "u1")).toBe(true);
    vi.advanceTimersByTime(1);
    expect(isTempRegistrationValid(readTempRegistration(), "w1", "u1")).toBe(false);
  });

  it("is not valid for another webinar or another user", () => {
    writeTempRegistration("w1", "u1");
    const marker = readTempRegistration();
    expect(isTempRegistrationValid(marker, "w2", "u1")).toBe(false);
    expect(isTempRegistrationValid(marker, "w1", "u2")).toBe(false);
  });

  it("is not valid when missing, from the future, or not ours", () => {
    expect(isTempRegistrationValid(null, "w1", "u1")).toBe(false);
    writeTempRegistration("w1", "u1", Date.now() + 5_000);
    expect(isTempRegistrationValid(readTempRegistration(), "w1", "u1")).toBe(false);
    localStorage.setItem(TEMP_REGISTRATION_KEY, "not json");
    expect(readTempRegistration()).toBeNull();
    localStorage.setItem(TEMP_REGISTRATION_KEY, JSON.stringify({ webinarId: "w1", userId: "u1", timestamp: "soon" }));
    expect(readTempRegistration()).toBeNull();
  });
});
