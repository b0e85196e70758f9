/** How often the watch progress is read while the video plays (docs/product.md#timings-and-constants). */
export const PROGRESS_POLL_MS = 1000;

/** A jump at most this far past the allowed point is a rounding, not a skip. */
const SEEK_TOLERANCE_S = 2;

/** What the tracker reads from and does to a player: the YouTube player and the page's own <video> alike. */
export interface TrackedMedia {
  /** Seconds since the start of the video. */
  currentTime(): number;
  /** Seconds; 0 (or NaN) until known. */
  duration(): number;
  seekTo(seconds: number): void;
}

/** What the tracker tells the player component; limit and rate are read at each use, so they may change. */
export interface TrackerEvents {
  /** Whole percentage of the position, each time it changes; 100 only at the end. */
  percent(value: number): void;
  /** A stretch played continuously, [from, to] in seconds (proof of watching). */
  played(from: number, to: number): void;
  playing(): void;
  stopped(): void;
  /** The end was reached (once per end). */
  ended(): void;
  /** A jump past the allowed point was sent back there. */
  heldBack(): void;
  /** Seeking off: the furthest point the viewer may jump to; undefined: free. */
  limit(): number | undefined;
  /** The fastest playback rate credited: position growing faster, plus a second, was a jump. */
  rate(): number;
  /** The position now, in seconds: each second while playing, and on pause and seek. */
  time?(seconds: number): void;
}

export type PlaybackTracker = {
  /** The player started (or resumed) playing. */
  playing(): void;
  /** The player paused. */
  paused(): void;
  /** The player reached the end; "held" when it was a jump the seeking policy sent back. */
  ended(): "ended" | "held";
  /** The player moved to a new position by itself (a seek in its own controls). */
  sought(): void;
  /** Moves the player to `seconds` for the viewer (a transcript line), within the seeking policy. */
  seek(seconds: number): void;
  /** Stops polling (the player goes away). */
  dispose(): void;
};

/**
 * Proof of watching and the seeking policy of a player (docs/product.md#proof-of-watching): reads the
 * position every second while playing, reports each stretch played no faster than the fastest
 * credited rate, the percentage for the bar, the end once, and sends a jump past the furthest point
 * allowed back there. One logic for every kind of player.
 */
export function createPlaybackTracker(media: TrackedMedia, on: TrackerEvents): PlaybackTracker {
  let pollTimer: number | undefined;
  let lastPercent = -1;
  let endReported = false;
  // The last position read while playing, and when; null while not playing.
  let lastTime: number | null = null;
  let lastAt = 0;
  let furthest = 0;

  const anchor = (t: number) => {
    lastTime = t;
    lastAt = performance.now();
  };

  // Seeking off: a position past the furthest point allowed springs back.
  const holdBack = (t: number): boolean => {
    const limit = on.limit();
    if (limit === undefined) return false;
    const allowed = Math.max(limit, furthest);
    if (t <= allowed + SEEK_TOLERANCE_S) return false;
    media.seekTo(allowed);
    anchor(allowed);
    on.heldBack();
    return true;
  };

  // A stretch counts as played when the position grew no faster than the
  // fastest playback rate since the last reading; anything else was a jump.
  const track = () => {
    const t = media.currentTime();
    const at = performance.now();
    if (lastTime !== null) {
      const grew = t - lastTime;
      if (grew > 0 && grew <= ((at - lastAt) / 1000) * on.rate() + 1) {
        on.played(lastTime, t);
        furthest = Math.max(furthest, t);
      } else if (grew > 0 && holdBack(t)) {
        return;
      }
    }
    lastTime = t;
    lastAt = at;
  };

  const report = (value: number) => {
    if (value === lastPercent) return;
    lastPercent = value;
    on.percent(value);
  };

  // 100% belongs to the end event; rounding alone must not claim it early.
  const sample = () => {
    track();
    on.time?.(media.currentTime());
    const duration = media.duration();
    if (!(duration > 0)) return;
    const value = Math.round((media.currentTime() / duration) * 100);
    report(Math.min(99, Math.max(0, value)));
  };

  const startPolling = () => {
    if (pollTimer !== undefined) return;
    sample();
    pollTimer = window.setInterval(sample, PROGRESS_POLL_MS);
  };
  const stopPolling = () => {
    window.clearInterval(pollTimer);
    pollTimer = undefined;
  };

  return {
    playing() {
      endReported = false;
      const t = media.currentTime();
      if (!holdBack(t)) anchor(t);
      startPolling();
      on.playing();
    },
    paused() {
      stopPolling();
      sample();
      lastTime = null;
      on.stopped();
    },
    ended() {
      stopPolling();
      // Seeking off and the end reached by a jump: back to the furthest point.
      if (holdBack(media.currentTime())) {
        lastTime = null;
        on.stopped();
        return "held";
      }
      track();
      lastTime = null;
      on.stopped();
      report(100);
      if (!endReported) {
        endReported = true;
        on.ended();
      }
      return "ended";
    },
    sought() {
      // A seek is not played time: only the policy applies, then playing goes on from there.
      const t = media.currentTime();
      if (!holdBack(t) && lastTime !== null) anchor(t);
      on.time?.(media.currentTime());
    },
    seek(seconds) {
      if (holdBack(seconds)) return;
      media.seekTo(seconds);
      if (lastTime !== null) anchor(seconds);
      on.time?.(seconds);
    },
    dispose: stopPolling,
  };
}
