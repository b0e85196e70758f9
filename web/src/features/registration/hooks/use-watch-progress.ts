import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { registrationKeys } from "@/lib/query-keys/registrations";
import { beaconProgress, getProgress, reportProgress, type PlayedInterval } from "../api/report-progress";
import type { Registration, WatchProgress } from "@/lib/registrations/schemas";

/** How often the stretches played are sent while the video plays (docs/product.md#proof-of-watching). */
export const PROGRESS_REPORT_MS = 10_000;

export type WatchTracker = {
  /** The server's figure (null until the first answer). */
  progress: WatchProgress | null;
  /** The player played [from, to] continuously. */
  played: (from: number, to: number) => void;
  /** Playback started: anchor the server's clock and start the 10 s reports. */
  started: () => void;
  /** Pause or end: send what is pending now. */
  stopped: () => void;
  /** After 'Reset Status': forget the figure and what is pending. */
  reset: () => void;
};

/**
 * Proof of watching on the watch page: collects the stretches the player
 * played and sends them every 10 s while playing, on pause and end, and by
 * beacon when the tab is hidden or the page left. The server merges them and
 * answers its own figure, which the page shows; `enabled` false (a webinar
 * without a video length) sends nothing.
 */
export function useWatchProgress(webinarId: string, enabled: boolean): WatchTracker {
  const queryClient = useQueryClient();
  const initial = useQuery({
    queryKey: [...registrationKeys.forWebinar(webinarId), "progress"],
    queryFn: ({ signal }) => getProgress(webinarId, signal),
    enabled,
    staleTime: 0,
  });
  const [latest, setLatest] = useState<WatchProgress | null>(null);
  const pending = useRef<PlayedInterval[]>([]);
  const anchored = useRef(false);
  const sending = useRef(false);
  const timer = useRef<number | undefined>(undefined);

  const apply = useCallback(
    (p: WatchProgress) => {
      setLatest(p);
      if (p.watched_fully) {
        queryClient.setQueryData<Registration | null>(registrationKeys.forWebinar(webinarId), (r) =>
          r && !r.watched_video_fully ? { ...r, watched_video_fully: true } : r,
        );
        void queryClient.invalidateQueries({ queryKey: registrationKeys.mine() });
      }
    },
    [queryClient, webinarId],
  );

  const flush = useCallback(
    async (force = false) => {
      if (!enabled || sending.current) return;
      if (pending.current.length === 0 && !force) return;
      const batch = pending.current;
      pending.current = [];
      sending.current = true;
      try {
        apply(await reportProgress(webinarId, batch));
        anchored.current = true;
      } catch {
        // Kept for the next report: nothing played is lost to a slow network.
        pending.current = [...batch, ...pending.current];
      } finally {
        sending.current = false;
      }
    },
    [apply, enabled, webinarId],
  );

  const beacon = useCallback(() => {
    if (!enabled || pending.current.length === 0) return;
    if (beaconProgress(webinarId, pending.current)) pending.current = [];
  }, [enabled, webinarId]);

  useEffect(() => {
    if (!enabled) return;
    const onHidden = () => {
      if (document.visibilityState === "hidden") beacon();
      else void initial.refetch().then((r) => r.data && apply(r.data));
    };
    document.addEventListener("visibilitychange", onHidden);
    window.addEventListener("pagehide", beacon);
    return () => {
      document.removeEventListener("visibilitychange", onHidden);
      window.removeEventListener("pagehide", beacon);
      window.clearInterval(timer.current);
      beacon();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- listeners bound once per webinar
  }, [enabled, beacon, apply]);

  const played = useCallback(
    (from: number, to: number) => {
      if (!enabled || !(to > from)) return;
      const last = pending.current.at(-1);
      if (last && Math.abs(last[1] - from) < 0.01) last[1] = to;
      else pending.current.push([from, to]);
    },
    [enabled],
  );

  const started = useCallback(() => {
    if (!enabled) return;
    if (!anchored.current) void flush(true);
    if (timer.current === undefined) timer.current = window.setInterval(() => void flush(), PROGRESS_REPORT_MS);
  }, [enabled, flush]);

  const stopped = useCallback(() => {
    window.clearInterval(timer.current);
    timer.current = undefined;
    void flush();
  }, [flush]);

  const reset = useCallback(() => {
    pending.current = [];
    anchored.current = false;
    setLatest(null);
    void initial.refetch();
  }, [initial]);

  return { progress: latest ?? initial.data ?? null, played, started, stopped, reset };
}
