import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { usePlayerJump, type PlayerControl } from "../hooks/use-player-jump";
import { useTrackerEvents } from "../hooks/use-tracker-events";
import { createPlaybackTracker, type PlaybackTracker } from "../lib/playback-tracker";
import {
  PLAYER_INIT_FAILED_MESSAGE,
  PLAYER_MAX_RETRIES,
  PLAYER_RETRY_DELAY_MS,
  playerErrorMessage,
  withRetryNote,
} from "../lib/player-messages";
import { PlayerState, loadYouTubeIframeApi, type YTDataEvent, type YTPlayer } from "../lib/youtube-api";
import { PlayerFrame, type PlayerError, type VideoPlayerStatus } from "./player-frame";
import type { VideoPlayerProps } from "./video-player-props";

export type { VideoPlayerProps } from "./video-player-props";

/** Wait after mounting before the player is created (docs/product.md#timings-and-constants). */
export const PLAYER_INIT_DELAY_MS = 500;

/** The embed host: YouTube's privacy-enhanced mode (no cookies until the viewer plays). */
const EMBED_HOST = "https://www.youtube-nocookie.com";

// The page's own <video> with hls.js, in a chunk of its own: only webinars with an uploaded video load it.
const OwnVideoPlayer = lazy(() => import("./own-video-player").then((m) => ({ default: m.OwnVideoPlayer })));

/**
 * The watch page's player with its watch-progress bar (docs/product.md#states-and-transitions
 * "Video player", docs/product.md#texts-users-see): the embedded YouTube player, or the store's own
 * video. Both report through one playback tracker (lib/playback-tracker.ts). States: loading,
 * ready, playing, paused, ended, error. YouTube errors are retried automatically up to 3 times, 2 s apart.
 */
export function VideoPlayer(props: VideoPlayerProps) {
  if (props.upload) {
    const loading = (
      <PlayerFrame title={props.title} status="loading" error={null} onStartOver={() => {}} seekNote={null} percent={props.serverPercent ?? 0}>
        {null}
      </PlayerFrame>
    );
    return (
      <Suspense fallback={loading}>
        <OwnVideoPlayer key={props.upload.webinarId} {...props} upload={props.upload} />
      </Suspense>
    );
  }
  // Keyed by video: another video is another player, with fresh state and timers.
  return <YouTubePlayer key={props.videoId} {...props} />;
}

function YouTubePlayer({ videoId, title, serverPercent, startAt, jump, renderOverlay, ...callbacks }: VideoPlayerProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<VideoPlayerStatus>("loading");
  const [percent, setPercent] = useState(0);
  const [error, setError] = useState<PlayerError | null>(null);
  const [seekNote, setSeekNote] = useState<string | null>(null);
  // attempt: automatic retries used so far; cycle: bumped by "Try again" to start over.
  const [run, setRun] = useState({ attempt: 0, cycle: 0 });
  const events = useTrackerEvents(callbacks, setPercent, setSeekNote);
  // The whole second playing now, for the overlay (read 4 times a second).
  const [second, setSecond] = useState(0);
  const control = useRef<PlayerControl | null>(null);
  usePlayerJump(jump, status !== "loading" && status !== "error", control);
  const startRef = useRef(startAt);
  const titleRef = useRef(title);
  useEffect(() => {
    titleRef.current = title;
  });

  const { attempt } = run;
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let cancelled = false;
    let player: YTPlayer | null = null;
    let tracker: PlaybackTracker | null = null;
    let initTimer: number | undefined;
    let retryTimer: number | undefined;
    let clockTimer: number | undefined;

    const fail = (message: string, retrying: boolean) => {
      tracker?.dispose();
      setError({ message, retrying });
      setStatus("error");
    };

    const onStateChange = ({ data }: YTDataEvent) => {
      if (!tracker) return;
      switch (data) {
        case PlayerState.PLAYING:
          setStatus("playing");
          tracker.playing();
          break;
        case PlayerState.PAUSED:
          setStatus("paused");
          tracker.paused();
          break;
        case PlayerState.ENDED:
          setStatus(tracker.ended() === "ended" ? "ended" : "paused");
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
        const created = new YT.Player(target, {
          videoId,
          width: "100%",
          height: "100%",
          host: EMBED_HOST,
          playerVars: {
            rel: 0,
            modestbranding: 1,
            playsinline: 1,
            origin: window.location.origin,
            ...(startRef.current ? { start: Math.floor(startRef.current) } : {}),
          },
          events: {
            onReady: () => {
              const name = titleRef.current;
              container.querySelector("iframe")?.setAttribute("title", name ? `Video: ${name}` : "Webinar video");
              setStatus((current) => (current === "loading" ? "ready" : current));
            },
            onStateChange,
            onError,
          },
        });
        player = created;
        const built = createPlaybackTracker(
          {
            currentTime: () => created.getCurrentTime(),
            duration: () => created.getDuration(),
            seekTo: (seconds) => created.seekTo(seconds, true),
          },
          events,
        );
        tracker = built;
        control.current = {
          jumpTo: (seconds) => {
            built.seek(seconds);
            created.playVideo();
          },
        };
        clockTimer = window.setInterval(() => {
          try {
            setSecond(Math.floor(created.getCurrentTime() || 0));
          } catch {
            // Not ready yet: the next tick reads it.
          }
        }, 250);
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
      window.clearInterval(clockTimer);
      control.current = null;
      tracker?.dispose();
      try {
        player?.destroy();
      } catch {
        // A half-built player may throw on destroy; it is going away regardless.
      }
      player = null;
      container.replaceChildren();
    };
  }, [videoId, attempt, run.cycle, events]);

  const startOver = () => {
    setError(null);
    setStatus("loading");
    setRun((current) => ({ attempt: 0, cycle: current.cycle + 1 }));
  };

  return (
    <PlayerFrame
      title={title}
      status={status}
      error={error}
      onStartOver={startOver}
      seekNote={seekNote}
      percent={serverPercent ?? percent}
      overlay={renderOverlay?.(second)}
    >
      <div ref={containerRef} className="absolute inset-0 *:absolute *:inset-0 *:size-full *:border-0" />
    </PlayerFrame>
  );
}
