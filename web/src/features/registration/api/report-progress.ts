import { api } from "@/lib/api";
import { progressBodySchema, type WatchProgress } from "@/lib/registrations/schemas";

/** A played stretch, [start, end] in seconds of the video. */
export type PlayedInterval = [number, number];

export function progressPath(webinarId: string): string {
  return `/api/webinars/${encodeURIComponent(webinarId)}/registration/progress`;
}

/**
 * POST …/registration/progress: the stretches played since the last report;
 * answers the server's figure. An empty list marks the start of playback.
 */
export async function reportProgress(webinarId: string, intervals: PlayedInterval[]): Promise<WatchProgress> {
  const { progress } = await api.post(progressPath(webinarId), { intervals }, { schema: progressBodySchema });
  return progress;
}

/** GET …/registration/progress: the server's figure, unchanged. */
export async function getProgress(webinarId: string, signal?: AbortSignal): Promise<WatchProgress> {
  const { progress } = await api.get(progressPath(webinarId), { schema: progressBodySchema, signal });
  return progress;
}

/**
 * The same report as the page goes away (tab hidden, page left): a beacon
 * survives the page. Its body is JSON sent as text/plain (Chromium refuses
 * a beacon of another type that is not CORS-safelisted). It sends the session cookie and the browser's own
 * Origin and Sec-Fetch-Site headers, which is what the server's
 * cross-site check reads, so it needs no custom header. False when the
 * browser would not queue it.
 */
export function beaconProgress(webinarId: string, intervals: PlayedInterval[]): boolean {
  if (typeof navigator === "undefined" || typeof navigator.sendBeacon !== "function") return false;
  const body = new Blob([JSON.stringify({ intervals })], { type: "text/plain;charset=UTF-8" });
  return navigator.sendBeacon(progressPath(webinarId), body);
}
