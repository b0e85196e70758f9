import { LoaderCircle, RotateCw, TriangleAlert, VideoOff } from "lucide-react";
import { useEffect, useEffectEvent, useId, useRef, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import {
  PLAYER_INIT_FAILED_MESSAGE,
  PLAYER_MAX_RETRIES,
  PLAYER_RETRY_DELAY_MS,
  playerErrorMessage,
  withRetryNote,
} from "../lib/player-messages";
import { PlayerState, loadYouTubeIframeApi, type YTDataEvent, type YTPlayer } from "../lib/youtube-api";

/** Wait after mounting before the player is created (docs/product.md#timings-and-constants). */
export const PLAYER_INIT_DELAY_MS = 500;
/** How often the watch progress is read while the video plays (docs/product.md#timings-and-constants). */
export const PROGRESS_POLL_MS = 1000;

/** The embed host: YouTube's privacy-enhanced mode (no cookies until the viewer plays). */
const EMBED_HOST = "https://www.youtube-nocookie.com";

export type VideoPlayerStatus = "loading" | "ready" | "playing" | "paused" | "ended" | "error";

export type VideoPlayerProps = {
  /** The YouTube video id. A new id tears the old player down and starts afresh. */
  videoId: string;
  /** Called once each time the video reaches its end. */
  onEnded: () => void;
  /** Whole percentage watched (currentTime / duration), each time it changes; 100 at the end. */
  onProgress?: (percent: number) => void;
  /** The webinar's title: names the player region and its iframe for assistive technology. */
  title?: string;
  /** Proof of watching: each stretch played continuously, [from, to] in seconds. */
  onPlayed?: (from: number, to: number) => void;
  /**
   * The fastest playback rate the server credits (the video answer's
   * max_playback_rate): played time growing faster, plus a second, was a jump.
   */
  maxRate: number;
  /** Playback started (or resumed). */
  onPlaying?: () => void;
  /** Playback paused or ended. */
  onStopped?: () => void;
  /**
   * Seeking off: the furthest point the viewer may jump to (seconds); a jump
   * beyond it springs back there with a one-line reason. Undefined: free.
   */
  seekLimit?: number;
  /** The server's percentage watched, shown by the bar instead of the position. */
  serverPercent?: number | null;
};

/** A jump at most this far past the allowed point is a rounding, not a skip. */
const SEEK_TOLERANCE_S = 2;
export const SEEK_BLOCKED_MESSAGE = "Skipping ahead is off for this webinar: it returns you to the furthest point you watched.";

/**
 * The embedded YouTube player with its watch-progress bar (docs/product.md#states-and-transitions
 * "Video player", docs/product.md#texts-users-see). States: loading, ready, playing, paused,
 * ended, error. Player errors are retried automatically up to 3 times, 2 s apart.
 */
export function VideoPlayer(props: VideoPlayerProps) {
  // Keyed by video: another video is another player, with fresh state and timers.
  return <YouTubePlayer key={props.videoId} {...props} />;
}

function YouTubePlayer({
  videoId,
  onEnded,
  onProgress,
  title,
  onPlayed,
  maxRate,
  onPlaying,
  onStopped,
  seekLimit,
  serverPercent,
}: VideoPlayerProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<VideoPlayerStatus>("loading");
  const [percent, setPercent] = useState(0);
  const [error, setError] = useState<{ message: string; retrying: boolean } | null>(null);
  const [seekNote, setSeekNote] = useState<string | null>(null);
  // attempt: automatic retries used so far; cycle: bumped by "Try again" to start over.
  const [run, setRun] = useState({ attempt: 0, cycle: 0 });

  const reportProgress = useEffectEvent((value: number) => {
    setPercent(value);
    onProgress?.(value);
  });
  const reportEnded = useEffectEvent(() => onEnded());
  const frameTitle = useEffectEvent(() => (title ? `Video: ${title}` : "Webinar video"));
  const reportPlayed = useEffectEvent((from: number, to: number) => onPlayed?.(from, to));
  const reportPlaying = useEffectEvent(() => onPlaying?.());
  const reportStopped = useEffectEvent(() => onStopped?.());
  const limitOf = useEffectEvent(() => seekLimit);
  const rateOf = useEffectEvent(() => maxRate);
  const noteSeek = useEffectEvent((note: string | null) => setSeekNote(note));

  const { attempt } = run;
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let cancelled = false;
    let player: YTPlayer | null = null;
    let initTimer: number | undefined;
    let pollTimer: number | undefined;
    let retryTimer: number | undefined;
    let lastPercent = -1;
    let endReported = false;
    // Proof of watching: the last position read while playing, and when.
    let lastTime: number | null = null;
    let lastAt = 0;
    let furthest = 0;

    // Seeking off: a position past the furthest point allowed springs back.
    const holdBack = (t: number): boolean => {
      const limit = limitOf();
      if (limit === undefined || !player) return false;
      const allowed = Math.max(limit, furthest);
      if (t <= allowed + SEEK_TOLERANCE_S) return false;
      player.seekTo(allowed, true);
      lastTime = allowed;
      lastAt = performance.now();
      noteSeek(SEEK_BLOCKED_MESSAGE);
      return true;
    };

    // A stretch counts as played when the position grew no faster than the
    // fastest playback rate since the last reading; anything else was a jump.
    const track = () => {
      if (!player) return;
      const t = player.getCurrentTime();
      const at = performance.now();
      if (lastTime !== null) {
        const grew = t - lastTime;
        if (grew > 0 && grew <= ((at - lastAt) / 1000) * rateOf() + 1) {
          reportPlayed(lastTime, t);
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
      reportProgress(value);
    };

    // 100% belongs to the end event; rounding alone must not claim it early.
    const sample = () => {
      if (!player) return;
      track();
      const duration = player.getDuration();
      if (!(duration > 0)) return;
      const value = Math.round((player.getCurrentTime() / duration) * 100);
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

    const fail = (message: string, retrying: boolean) => {
      stopPolling();
      setError({ message, retrying });
      setStatus("error");
    };

    const onStateChange = ({ data }: YTDataEvent) => {
      switch (data) {
        case PlayerState.PLAYING:
          endReported = false;
          if (player && !holdBack(player.getCurrentTime())) {
            lastTime = player.getCurrentTime();
            lastAt = performance.now();
          }
          setStatus("playing");
          startPolling();
          reportPlaying();
          break;
        case PlayerState.PAUSED:
          stopPolling();
          sample();
          lastTime = null;
          setStatus("paused");
          reportStopped();
          break;
        case PlayerState.ENDED:
          stopPolling();
          // Seeking off and the end reached by a jump: back to the furthest point.
          if (player && holdBack(player.getCurrentTime())) {
            lastTime = null;
            setStatus("paused");
            reportStopped();
            break;
          }
          track();
          lastTime = null;
          reportStopped();
          report(100);
          setStatus("ended");
          if (!endReported) {
            endReported = true;
            reportEnded();
          }
          break;
        case PlayerState.UNSTARTED:
        case PlayerState.CUED:
          setStatus("ready");
          break;
        // BUFFERING: still playing as far as the viewer is concerned; keep polling.
      }
    };

    const onError = ({ data }: YTDataEvent) => {
      if (retryTimer !== undefined) return; // one retry per failed attempt
      const retrying = attempt < PLAYER_MAX_RETRIES;
      fail(withRetryNote(playerErrorMessage(data), retrying), retrying);
      if (!retrying) return;
      retryTimer = window.setTimeout(() => {
        setError(null);
        setStatus("loading");
        setRun((current) => ({ ...current, attempt: current.attempt + 1 }));
      }, PLAYER_RETRY_DELAY_MS);
    };

    const create = async () => {
      let YT;
      try {
        YT = await loadYouTubeIframeApi();
      } catch {
        if (!cancelled) fail(PLAYER_INIT_FAILED_MESSAGE, false);
        return;
      }
      if (cancelled) return;
      // The API replaces its target with an iframe: give it a node React does not own.
      const target = document.createElement("div");
      container.replaceChildren(target);
      try {
        player = new YT.Player(target, {
          videoId,
          width: "100%",
          height: "100%",
          host: EMBED_HOST,
          playerVars: { rel: 0, modestbranding: 1, playsinline: 1, origin: window.location.origin },
          events: {
            onReady: () => {
              container.querySelector("iframe")?.setAttribute("title", frameTitle());
              setStatus((current) => (current === "loading" ? "ready" : current));
            },
            onStateChange,
            onError,
          },
        });
      } catch {
        fail(PLAYER_INIT_FAILED_MESSAGE, false);
      }
    };

    // First mount waits the init delay; an automatic retry starts at once (its 2 s already passed).
    if (attempt === 0) initTimer = window.setTimeout(() => void create(), PLAYER_INIT_DELAY_MS);
    else void create();

    return () => {
      cancelled = true;
      window.clearTimeout(initTimer);
      window.clearTimeout(retryTimer);
      stopPolling();
      try {
        player?.destroy();
      } catch {
        // A half-built player may throw on destroy; it is going away regardless.
      }
      player = null;
      container.replaceChildren();
    };
  }, [videoId, attempt, run.cycle]);

  const startOver = () => {
    setError(null);
    setStatus("loading");
    setRun((current) => ({ attempt: 0, cycle: current.cycle + 1 }));
  };

  return (
    <section aria-label={title ? `Video: ${title}` : "Video player"} data-state={status} className="space-y-3">
      <div className="relative aspect-video w-full overflow-hidden rounded-lg bg-ink shadow-sm">
        <div ref={containerRef} className="absolute inset-0 *:absolute *:inset-0 *:size-full *:border-0" />
        {status === "loading" && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 text-zinc-300">
            <LoaderCircle className="size-8 animate-spin text-accent-400" aria-hidden="true" />
            <p role="status" className="text-sm">
              Loading video...
            </p>
          </div>
        )}
        {status === "error" && (
          <div className="absolute inset-0 flex items-center justify-center bg-ink text-zinc-500">
            <VideoOff className="size-10" aria-hidden="true" />
          </div>
        )}
      </div>

      {status === "error" && error && (
        <Alert variant="destructive">
          <TriangleAlert aria-hidden="true" />
          <AlertTitle>The video could not be played</AlertTitle>
          <AlertDescription>
            <p>{error.message}</p>
            <p>If this keeps happening, refresh the page or try another browser.</p>
            {!error.retrying && (
              <div className="pt-1">
                <Button variant="outline" size="sm" onClick={startOver}>
                  <RotateCw aria-hidden="true" />
                  Try again
                </Button>
              </div>
            )}
          </AlertDescription>
        </Alert>
      )}

      {seekNote && (
        <p role="status" className="text-sm text-amber-800">
          {seekNote}
        </p>
      )}
      <WatchProgress percent={serverPercent ?? percent} />
    </section>
  );
}

/** The percentage watch-progress bar under the player. */
function WatchProgress({ percent }: { percent: number }) {
  const labelId = useId();
  const done = percent >= 100;
  return (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span id={labelId} className="font-medium text-foreground">
          Watch progress
        </span>
        <span className="tabular-nums text-muted-foreground">{percent}% watched</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% watched`}
        className="h-2.5 w-full overflow-hidden rounded-full bg-zinc-200"
      >
        <div
          className={cn("h-full rounded-full transition-[width] duration-500 ease-out", done ? "bg-success" : "bg-accent-600")}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
