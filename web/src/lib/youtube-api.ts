/**
 * The YouTube IFrame Player API (https://developers.google.com/youtube/iframe_api_reference),
 * loaded once per page from its official URL. Only the parts the video player
 * uses are typed here.
 */

/** The official loader script; it fetches the widget script and then calls onYouTubeIframeAPIReady. */
export const YOUTUBE_IFRAME_API_URL = "https://www.youtube.com/iframe_api";

/** How long the script may take before the load counts as failed. */
export const YOUTUBE_API_LOAD_TIMEOUT_MS = 10_000;

/** Player state codes of the YouTube IFrame API. */
export const PlayerState = {
  UNSTARTED: -1,
  ENDED: 0,
  PLAYING: 1,
  PAUSED: 2,
  BUFFERING: 3,
  CUED: 5,
} as const;

export interface YTPlayer {
  /** Seconds since the start of the video. */
  getCurrentTime(): number;
  /** Seconds; 0 until the video's metadata has loaded. */
  getDuration(): number;
  getPlayerState(): number;
  playVideo(): void;
  pauseVideo(): void;
  /** Jumps to `seconds`; allowSeekAhead lets the player fetch unbuffered parts. */
  seekTo(seconds: number, allowSeekAhead: boolean): void;
  destroy(): void;
}

export interface YTPlayerEvent {
  target: YTPlayer;
}

export interface YTDataEvent extends YTPlayerEvent {
  /** A PlayerState code for onStateChange, an error code for onError. */
  data: number;
}

export interface YTPlayerOptions {
  videoId: string;
  width?: number | string;
  height?: number | string;
  /** e.g. https://www.youtube-nocookie.com for the privacy-enhanced embed. */
  host?: string;
  playerVars?: {
    rel?: 0 | 1;
    modestbranding?: 0 | 1;
    playsinline?: 0 | 1;
    origin?: string;
    /** Start at this second (a watch link's ?t=). */
    start?: number;
  };
  events?: {
    onReady?: (event: YTPlayerEvent) => void;
    onStateChange?: (event: YTDataEvent) => void;
    onError?: (event: YTDataEvent) => void;
  };
}

export interface YTNamespace {
  /** Replaces the element (or the element with that id) with the player's iframe. */
  Player: new (elementOrId: HTMLElement | string, options: YTPlayerOptions) => YTPlayer;
}

declare global {
  interface Window {
    /** Set by the API script; holds only loading flags until Player exists. */
    YT?: Partial<YTNamespace>;
    onYouTubeIframeAPIReady?: () => void;
  }
}

function readyApi(): YTNamespace | null {
  const yt = window.YT;
  return yt?.Player ? (yt as YTNamespace) : null;
}

let pending: Promise<YTNamespace> | null = null;
/** The script tag of the pending load: a load whose tag left the page can never finish. */
let pendingScript: HTMLScriptElement | null = null;

/**
 * Resolves with window.YT once the IFrame API is usable. The script is added
 * once per page and every caller shares the same promise; a failed load (script
 * error or YOUTUBE_API_LOAD_TIMEOUT_MS without the ready callback) rejects and
 * is forgotten, so a later call tries again with a fresh script tag.
 */
export function loadYouTubeIframeApi(): Promise<YTNamespace> {
  const ready = readyApi();
  if (ready) return Promise.resolve(ready);
  if (pending && pendingScript?.isConnected) return pending;

  const script = document.createElement("script");
  const attempt = new Promise<YTNamespace>((resolve, reject) => {
    const previousCallback = window.onYouTubeIframeAPIReady;
    let settled = false;

    const onReady = () => {
      // Whoever was waiting before us (another embed on the page) still hears about it.
      previousCallback?.();
      if (settled) return;
      const api = readyApi();
      if (api) finish(() => resolve(api));
      else fail(new Error("YouTube IFrame API reported ready without YT.Player"));
    };

    const finish = (settle: () => void) => {
      settled = true;
      window.clearTimeout(timer);
      script.removeEventListener("error", onScriptError);
      settle();
    };

    const fail = (error: Error) => {
      finish(() => reject(error));
      script.remove();
      if (window.onYouTubeIframeAPIReady === onReady) window.onYouTubeIframeAPIReady = previousCallback;
    };

    const onScriptError = () => fail(new Error(`Failed to load ${YOUTUBE_IFRAME_API_URL}`));
    const timer = window.setTimeout(() => {
      // The API may be there even if our callback was replaced by someone else's.
      const api = readyApi();
      if (api) finish(() => resolve(api));
      else fail(new Error(`Timed out loading ${YOUTUBE_IFRAME_API_URL}`));
    }, YOUTUBE_API_LOAD_TIMEOUT_MS);

    window.onYouTubeIframeAPIReady = onReady;
    script.src = YOUTUBE_IFRAME_API_URL;
    script.async = true;
    script.addEventListener("error", onScriptError);
    document.head.appendChild(script);
  });

  pending = attempt;
  pendingScript = script;
  attempt.catch(() => {
    if (pending === attempt) pending = null;
  });
  return attempt;
}
