import { useLayoutEffect, useRef, useState } from "react";
import { SEEK_BLOCKED_MESSAGE } from "../lib/player-messages";
import type { TrackerEvents } from "../lib/playback-tracker";

/** What the watch page hears from any player (VideoPlayerProps). */
export type PlayerCallbacks = {
  /** Called once each time the video reaches its end. */
  onEnded: () => void;
  /** Whole percentage watched (currentTime / duration), each time it changes; 100 at the end. */
  onProgress?: (percent: number) => void;
  /** Proof of watching: each stretch played continuously, [from, to] in seconds. */
  onPlayed?: (from: number, to: number) => void;
  /**
   * The fastest playback rate the server credits (the video answer's
   * max_playback_rate): played time growing faster, plus a second, was a jump.
   */
  maxRate: number;
  /** The position in seconds: each second while playing, and on pause and seek (questions ask it). */
  onTime?: (seconds: number) => void;
  /** Playback started (or resumed). */
  onPlaying?: () => void;
  /** Playback paused or ended. */
  onStopped?: () => void;
  /**
   * Seeking off: the furthest point the viewer may jump to (seconds); a jump
   * beyond it springs back there with a one-line reason. Undefined: free.
   */
  seekLimit?: number;
};

/**
 * The playback tracker's events for a player component: the latest callbacks and
 * policy (read at each call, so the timers never hold stale ones), the bar's
 * percentage and the seeking policy's line.
 */
export function useTrackerEvents(
  callbacks: PlayerCallbacks,
  setPercent: (value: number) => void,
  setSeekNote: (note: string) => void,
): TrackerEvents {
  const latest = useRef(callbacks);
  useLayoutEffect(() => {
    latest.current = callbacks;
  });
  const [events] = useState<TrackerEvents>(() => ({
    percent: (value) => {
      setPercent(value);
      latest.current.onProgress?.(value);
    },
    played: (from, to) => latest.current.onPlayed?.(from, to),
    playing: () => latest.current.onPlaying?.(),
    stopped: () => latest.current.onStopped?.(),
    ended: () => latest.current.onEnded(),
    heldBack: () => setSeekNote(SEEK_BLOCKED_MESSAGE),
    limit: () => latest.current.seekLimit,
    rate: () => latest.current.maxRate,
    time: (seconds) => latest.current.onTime?.(seconds),
  }));
  return events;
}
