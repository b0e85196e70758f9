/**
 * The signed addresses of an uploaded video (docs/product.md#the-stores-own-videos): every file of a video
 * lives under /video/{token}/…, so a fresh token replaces that one part of any address.
 */
const TOKEN_PART = /\/video\/[^/?#]+\//;

/** The token part of a stream address; null when it has none. */
export function streamToken(url: string): string | null {
  const match = TOKEN_PART.exec(url);
  return match ? match[0].slice("/video/".length, -1) : null;
}

/** The address with its token part replaced by `token` (unchanged when it has none). */
export function withStreamToken(url: string, token: string): string {
  return url.replace(TOKEN_PART, `/video/${token}/`);
}

/** How the page plays HLS: hls.js over Media Source Extensions, the browser's own HLS, or not at all. */
export type PlaybackEngine = "hls.js" | "native" | "none";

/** H.264 with AAC, what the server's renditions are. */
const HLS_CODECS = 'video/mp4; codecs="avc1.42E01E,mp4a.40.2"';

/**
 * hls.js wherever the browser has Media Source Extensions (token refresh on every request and a
 * quality choice); the browser's own HLS (Safari on older iPhones) only where it has not.
 * Chromium answers "maybe" for HLS too, so canPlayType alone would skip hls.js there.
 */
export function choosePlaybackEngine(video: HTMLVideoElement, win: Window = window): PlaybackEngine {
  const scope = win as Window & { MediaSource?: typeof MediaSource; ManagedMediaSource?: typeof MediaSource };
  const mse = scope.ManagedMediaSource ?? scope.MediaSource;
  if (mse && typeof mse.isTypeSupported === "function" && mse.isTypeSupported(HLS_CODECS)) return "hls.js";
  if (video.canPlayType("application/vnd.apple.mpegurl")) return "native";
  return "none";
}
