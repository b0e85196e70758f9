import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { retryTransient } from "@/lib/retry";
import { registrationKeys } from "@/lib/query-keys/registrations";
import { videoSchema, videoStreamBodySchema, type VideoStream, type WatchVideo } from "@/lib/registrations/schemas";

/**
 * GET /api/webinars/{id}/video: the YouTube id, or the uploaded video's
 * signed stream, poster and captions, for registered users and admins only
 * (403 `registration_required` otherwise; the public webinar endpoints never
 * show it).
 */
async function getVideoId(webinarId: string, signal?: AbortSignal): Promise<WatchVideo> {
  const v = await api.get(`/api/webinars/${encodeURIComponent(webinarId)}/video`, {
    schema: videoSchema,
    signal,
  });
  return {
    id: v.youtube_video_id,
    lengthSeconds: v.video_length_seconds ?? null,
    allowSeeking: v.allow_seeking,
    maxRate: v.max_playback_rate,
    upload:
      v.source === "upload"
        ? { stream: v.stream ?? null, posterUrl: v.poster_url ?? null, captions: v.captions }
        : null,
  };
}

/** GET /api/webinars/{id}/video/stream: the uploaded video's stream with a fresh token. */
export async function getVideoStream(webinarId: string, signal?: AbortSignal): Promise<VideoStream> {
  const body = await api.get(`/api/webinars/${encodeURIComponent(webinarId)}/video/stream`, {
    schema: videoStreamBodySchema,
    signal,
  });
  return "stream" in body ? body.stream : body;
}

const videoQueryOptions = (webinarId: string) =>
  queryOptions({
    queryKey: registrationKeys.video(webinarId),
    queryFn: ({ signal }) => getVideoId(webinarId, signal),
    staleTime: 5 * 60_000,
    retry: retryTransient(2),
  });

/** The video (YouTube id or uploaded stream, length, seeking policy, fastest rate); ask only once access is settled (`enabled`). */
export function useVideoId(webinarId: string | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...videoQueryOptions(webinarId ?? ""), enabled: enabled && Boolean(webinarId) });
}
