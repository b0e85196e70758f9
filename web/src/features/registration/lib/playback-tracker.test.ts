import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createPlaybackTracker, type TrackerEvents } from "./playback-tracker";

let position = 0;
const media = { currentTime: () => position, duration: () => 100, seekTo: vi.fn((t: number) => (position = t)) };

function events(limit?: number) {
  return {
    percent: vi.fn(),
    played: vi.fn(),
    playing: vi.fn(),
    stopped: vi.fn(),
    ended: vi.fn(),
    heldBack: vi.fn(),
    limit: () => limit,
    rate: () => 2,
  } satisfies TrackerEvents;
}

beforeEach(() => {
  vi.useFakeTimers();
  position = 0;
  media.seekTo.mockClear();
});
afterEach(() => vi.useRealTimers());

describe("createPlaybackTracker", () => {
  it("tells the position each second while playing, on a jump, a pause and a seek (a question asks it)", () => {
    const time = vi.fn();
    const tracker = createPlaybackTracker(media, { ...events(), time });
    position = 30; // a jump before playing: told at once
    tracker.playing();
    expect(time).toHaveBeenLastCalledWith(30);
    position = 31;
    vi.advanceTimersByTime(1000);
    expect(time).toHaveBeenLastCalledWith(31);
    position = 32;
    tracker.paused();
    expect(time).toHaveBeenLastCalledWith(32);
    tracker.seek(12);
    expect(time).toHaveBeenLastCalledWith(12);
    tracker.dispose();
  });

  it("credits what grew no faster than the fastest rate, and not a jump", () => {
    const on = events();
    const tracker = createPlaybackTracker(media, on);
    tracker.playing();
    position = 2; // 2 s in 1 s at 2×: played
    vi.advanceTimersByTime(1000);
    expect(on.played).toHaveBeenLastCalledWith(0, 2);
    position = 40; // a jump
    vi.advanceTimersByTime(1000);
    expect(on.played).toHaveBeenCalledTimes(1);
    position = 41;
    vi.advanceTimersByTime(1000);
    expect(on.played).toHaveBeenLastCalledWith(40, 41);
    tracker.dispose();
  });

  it("with seeking off, sends a jump past the furthest point back there, and lets one go back", () => {
    const on = events(10);
    const tracker = createPlaybackTracker(media, on);
    tracker.playing();
    position = 1;
    vi.advanceTimersByTime(1000);
    tracker.seek(60);
    expect(position).toBe(10);
    expect(on.heldBack).toHaveBeenCalledTimes(1);
    tracker.seek(5);
    expect(position).toBe(5);
    expect(on.heldBack).toHaveBeenCalledTimes(1);
    tracker.dispose();
  });

  it("reports the end once, and 100 only then", () => {
    const on = events();
    const tracker = createPlaybackTracker(media, on);
    tracker.playing();
    position = 99.6;
    vi.advanceTimersByTime(1000);
    expect(on.percent).toHaveBeenLastCalledWith(99);
    expect(tracker.ended()).toBe("ended");
    expect(tracker.ended()).toBe("ended");
    expect(on.percent).toHaveBeenLastCalledWith(100);
    expect(on.ended).toHaveBeenCalledTimes(1);
  });
});
