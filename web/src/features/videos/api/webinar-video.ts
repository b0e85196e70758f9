import { useQuery } from "@tanstack/react-query";
import { adminQueryFreshness } from "@/lib/admin-query";
import { api } from "@/lib/api";
import { videoKeys } from "./keys";
import { webinarVideoSchema, type WebinarVideo } from "./schemas";

/** How often the state of a queued or transcoding video is asked again. */
export const VIDEO_POLL_MS = 3000;

/** Whether the server is still working on the video (the admin may leave; the state is asked again meanwhile). */
export function isInProgress(video: WebinarVideo | undefined): boolean {
  const status = video?.latest?.status;
  return status === "queued" || status === "transcoding";
}

/** GET /api/admin/webinars/{id}/video (admin), asked again every few seconds while the video is prepared. */
export function useWebinarVideo(webinarId: string) {
  return useQuery({
    queryKey: videoKeys.ofWebinar(webinarId),
    queryFn: ({ signal }) =>
      api.get(`/api/admin/webinars/${encodeURIComponent(webinarId)}/video`, { schema: webinarVideoSchema, signal }),
    ...adminQueryFreshness,
    refetchInterval: (query) => (isInProgress(query.state.data) ? VIDEO_POLL_MS : false),
  });
}
