import type Hls from "hls.js/light";
import { Captions } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import type { UploadedVideo } from "@/lib/registrations/schemas";
import { getVideoStream } from "../api/get-video";
import { usePlayerJump, type PlayerControl } from "../hooks/use-player-jump";
import { useTrackCues } from "../hooks/use-track-cues";
import { useTrackerEvents } from "../hooks/use-tracker-events";
import { choosePlaybackEngine, streamToken, withStreamToken } from "../lib/own-stream";
import { OWN_VIDEO_FAILED_MESSAGE, OWN_VIDEO_UNSUPPORTED_MESSAGE } from "../lib/player-messages";
import { createPlaybackTracker, type PlaybackTracker } from "../lib/playback-tracker";
import { PlayerFrame, type PlayerError, type VideoPlayerStatus } from "./player-frame";
import { Transcript } from "./transcript";
import type { VideoPlayerProps } from "./video-player-props";

/** After a failed token refresh, the next try comes this much sooner than the usual interval. */
const REFRESH_RETRY_MS = 30_000;

/** A rendition hls.js may play: its index in hls.levels and its height. */
type Quality = { index: number; height: number };

type OwnVideoPlayerProps = VideoPlayerProps & { upload: UploadedVideo };

/**
 * The store's own video on the watch page (docs/product.md#the-stores-own-videos): a <video>
 * fed by hls.js (loaded here, on demand) or by the browser's own HLS, with its captions as text
 * tracks, a CC switch, an automatic quality that may be chosen, and the transcript. The stream's
 * token is refreshed every refresh_after_seconds, and every later request carries the fresh one.
 * Proof of watching and the seeking policy are the YouTube player's (lib/playback-tracker.ts).
 */
export function OwnVideoPlayer({ upload, title, serverPercent, startAt, jump, renderOverlay, ...callbacks }: OwnVideoPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const hlsRef = useRef<Hls | null>(null);
  const trackerRef = useRef<PlaybackTracker | null>(null);
  const [status, setStatus] = useState<VideoPlayerStatus>("loading");
  const [percent, setPercent] = useState(0);
  const [error, setError] = useState<PlayerError | null>(null);
  const [seekNote, setSeekNote] = useState<string | null>(null);
  const [cycle, setCycle] = useState(0);
  const [qualities, setQualities] = useState<Quality[]>([]);
  const [quality, setQuality] = useState(-1);
  const [playingHeight, setPlayingHeight] = useState<number | null>(null);
  const [captionsOn, setCaptionsOn] = useState(false);
  const [language, setLanguage] = useState(upload.captions[0]?.language ?? null);
  const events = useTrackerEvents(callbacks, setPercent, setSeekNote);
  // The whole second playing now, for the overlay.
  const [second, setSecond] = useState(0);
  const control = useRef<PlayerControl | null>(null);
  usePlayerJump(jump, status !== "loading" && status !== "error", control);
  const startRef = useRef(startAt);
  const transcript = useTrackCues(videoRef, language);
  const qualityId = useId();
  const languageId = useId();

  // The token every request carries: the first from the answer, then each refresh's (or a refetched answer's).
  const tokenRef = useRef(streamToken(upload.stream.master_url) ?? "");
  const masterUrl = useRef(upload.stream.master_url);
  const refreshAfter = useRef(upload.stream.refresh_after_seconds);
  useEffect(() => {
    const token = streamToken(upload.stream.master_url);
    if (token) tokenRef.current = token;
  }, [upload.stream.master_url]);

  const { webinarId } = upload;
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    let refreshTimer: number | undefined;
    let recovered = { network: false, media: false };
    const tracker = createPlaybackTracker(
      {
        currentTime: () => video.currentTime,
        duration: () => video.duration,
        seekTo: (seconds) => {
          video.currentTime = seconds;
        },
      },
      events,
    );
    trackerRef.current = tracker;
    control.current = {
      jumpTo: (seconds) => {
        tracker.seek(seconds);
        void video.play().catch(() => {});
      },
    };

    const fail = (message: string) => {
      tracker.dispose();
      setError({ message, retrying: false });
      setStatus("error");
    };

    const refresh = async (): Promise<boolean> => {
      window.clearTimeout(refreshTimer);
      try {
        const stream = await getVideoStream(webinarId);
        if (cancelled) return false;
        tokenRef.current = streamToken(stream.master_url) ?? tokenRef.current;
        refreshAfter.current = stream.refresh_after_seconds;
        refreshTimer = window.setTimeout(() => void refresh(), refreshAfter.current * 1000);
        return true;
      } catch {
        if (!cancelled) refreshTimer = window.setTimeout(() => void refresh(), Math.min(REFRESH_RETRY_MS, refreshAfter.current * 1000));
        return false;
      }
    };
    refreshTimer = window.setTimeout(() => void refresh(), refreshAfter.current * 1000);

    const listeners: Record<string, () => void> = {
      loadedmetadata: () => {
        // A watch link's ?t=: once, within the seeking policy.
        if (startRef.current) {
          tracker.seek(startRef.current);
          startRef.current = undefined;
        }
        setStatus((s) => (s === "loading" ? "ready" : s));
      },
      timeupdate: () => setSecond(Math.floor(video.currentTime)),
      playing: () => {
        recovered = { network: false, media: false };
        setStatus("playing");
        tracker.playing();
      },
      pause: () => {
        if (video.ended) return; // the end follows, and reports the stop
        setStatus("paused");
        tracker.paused();
      },
      ended: () => setStatus(tracker.ended() === "ended" ? "ended" : "paused"),
      seeking: () => tracker.sought(),
      // Faster than the server credits would only be sent back as a jump.
      ratechange: () => {
        const max = events.rate();
        if (video.playbackRate > max) video.playbackRate = max;
      },
    };
    for (const [type, listener] of Object.entries(listeners)) video.addEventListener(type, listener);

    const source = () => withStreamToken(masterUrl.current, tokenRef.current);
    const engine = choosePlaybackEngine(video);
    let onNativeError: (() => void) | null = null;
    if (engine === "native") {
      // The browser fetches the files itself: an expired token shows as an error; take a fresh one and go on from there.
      onNativeError = () => {
        if (recovered.network) {
          fail(OWN_VIDEO_FAILED_MESSAGE);
          return;
        }
        recovered.network = true;
        const at = video.currentTime;
        const wasPlaying = !video.paused;
        void refresh().then((ok) => {
          if (cancelled) return;
          if (!ok) {
            fail(OWN_VIDEO_FAILED_MESSAGE);
            return;
          }
          video.src = source();
          video.addEventListener("loadedmetadata", () => {
            video.currentTime = at;
            if (wasPlaying) void video.play().catch(() => {});
          }, { once: true });
        });
      };
      video.addEventListener("error", onNativeError);
      video.src = source();
    } else if (engine === "hls.js") {
      void import("hls.js/light")
        .then(({ default: HlsJs }) => {
          if (cancelled) return;
          const hls = new HlsJs({
            // Every playlist and segment request carries the latest token.
            xhrSetup: (xhr, url) => xhr.open("GET", withStreamToken(url, tokenRef.current), true),
            capLevelToPlayerSize: true,
          });
          hlsRef.current = hls;
          hls.on(HlsJs.Events.MANIFEST_PARSED, (_event, data) =>
            setQualities(
              data.levels.map((level, index) => ({ index, height: level.height })).sort((a, b) => b.height - a.height),
            ),
          );
          hls.on(HlsJs.Events.LEVEL_SWITCHED, (_event, data) => setPlayingHeight(hls.levels[data.level]?.height ?? null));
          hls.on(HlsJs.Events.ERROR, (_event, data) => {
            if (!data.fatal) return;
            if (data.type === HlsJs.ErrorTypes.NETWORK_ERROR && !recovered.network) {
              recovered.network = true;
              void refresh().then((ok) => (ok ? hls.startLoad() : fail(OWN_VIDEO_FAILED_MESSAGE)));
            } else if (data.type === HlsJs.ErrorTypes.MEDIA_ERROR && !recovered.media) {
              recovered.media = true;
              hls.recoverMediaError();
            } else {
              fail(OWN_VIDEO_FAILED_MESSAGE);
            }
          });
          hls.loadSource(source());
          hls.attachMedia(video);
        })
        .catch(() => {
          if (!cancelled) fail(OWN_VIDEO_FAILED_MESSAGE);
        });
    } else {
      fail(OWN_VIDEO_UNSUPPORTED_MESSAGE);
    }

    return () => {
      cancelled = true;
      window.clearTimeout(refreshTimer);
      tracker.dispose();
      trackerRef.current = null;
      control.current = null;
      for (const [type, listener] of Object.entries(listeners)) video.removeEventListener(type, listener);
      if (onNativeError) video.removeEventListener("error", onNativeError);
      hlsRef.current?.destroy();
      hlsRef.current = null;
      video.removeAttribute("src");
    };
  }, [webinarId, events, cycle]);

  // Captions shown or hidden; every track stays loaded, for the transcript and a quick switch.
  useEffect(() => {
    for (const element of videoRef.current?.querySelectorAll("track") ?? []) {
      if (!element.track) continue;
      element.track.mode = captionsOn && element.srclang === language ? "showing" : "hidden";
    }
  }, [captionsOn, language]);

  const chooseQuality = (index: number) => {
    setQuality(index);
    if (hlsRef.current) hlsRef.current.nextLevel = index;
  };

  const startOver = () => {
    setError(null);
    setStatus("loading");
    setQualities([]);
    setCycle((c) => c + 1);
  };

  const hasCaptions = upload.captions.length > 0;
  const toolbar = (hasCaptions || qualities.length > 1) && (
    <div className="flex flex-wrap items-center gap-3">
      {hasCaptions && (
        <Button
          type="button"
          variant={captionsOn ? "default" : "outline"}
          size="sm"
          aria-pressed={captionsOn}
          onClick={() => setCaptionsOn((on) => !on)}
        >
          <Captions aria-hidden="true" />
          Captions
        </Button>
      )}
      {upload.captions.length > 1 && (
        <div className="flex items-center gap-2">
          <label htmlFor={languageId} className="text-sm text-muted-foreground">
            Captions language
          </label>
          <NativeSelect id={languageId} value={language ?? ""} onChange={(e) => setLanguage(e.target.value)} className="h-9 sm:h-9">
            {upload.captions.map((c) => (
              <option key={c.language} value={c.language}>
                {c.label}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
      {qualities.length > 1 && (
        <div className="flex items-center gap-2 sm:ml-auto">
          <label htmlFor={qualityId} className="text-sm text-muted-foreground">
            Quality
          </label>
          <NativeSelect
            id={qualityId}
            value={String(quality)}
            onChange={(e) => chooseQuality(Number(e.target.value))}
            className="h-9 sm:h-9"
          >
            <option value="-1">{quality === -1 && playingHeight ? `Auto (${playingHeight}p)` : "Auto"}</option>
            {qualities.map((q) => (
              <option key={q.index} value={String(q.index)}>
                {q.height}p
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
    </div>
  );

  return (
    <PlayerFrame
      title={title}
      status={status}
      error={error}
      onStartOver={startOver}
      seekNote={seekNote}
      percent={serverPercent ?? percent}
      overlay={renderOverlay?.(second)}
      toolbar={toolbar}
      footer={
        <Transcript cues={transcript.cues} active={transcript.active} onSeek={(seconds) => trackerRef.current?.seek(seconds)} />
      }
    >
      <video
        ref={videoRef}
        controls
        playsInline
        preload="metadata"
        controlsList="nodownload"
        poster={upload.posterUrl ?? undefined}
        aria-label={title ? `Video: ${title}` : "Webinar video"}
        className="absolute inset-0 size-full bg-ink"
      >
        {upload.captions.map((c) => (
          <track key={c.language} kind="captions" src={c.url} srcLang={c.language} label={c.label} />
        ))}
      </video>
    </PlayerFrame>
  );
}
