import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminQueryFreshness } from "@/lib/admin-query";
import { api } from "@/lib/api";
import { videoKeys } from "./keys";
import { captionBodySchema, type Caption } from "./schemas";

const captionPath = (videoId: string, language: string) =>
  `/api/admin/videos/${encodeURIComponent(videoId)}/captions/${encodeURIComponent(language)}`;

/** GET …/videos/{id}/captions/{lang} (admin): the track with its cues. */
export function useCaption(videoId: string, language: string, enabled: boolean) {
  return useQuery({
    queryKey: videoKeys.caption(videoId, language),
    queryFn: async ({ signal }) => (await api.get(captionPath(videoId, language), { schema: captionBodySchema, signal })).caption,
    enabled,
    ...adminQueryFreshness,
  });
}

/** The track's new cues go to its query; the webinar's video (its track list) is asked again. */
function useCaptionChanged() {
  const queryClient = useQueryClient();
  return (videoId: string, caption: Caption | null, language: string) => {
    if (caption) queryClient.setQueryData(videoKeys.caption(videoId, language), caption);
    else queryClient.removeQueries({ queryKey: videoKeys.caption(videoId, language) });
    void queryClient.invalidateQueries({ queryKey: [...videoKeys.all, "webinar"] });
  };
}

export type SaveCaptionInput = { videoId: string; language: string; label: string; text: string };

/**
 * PUT …/videos/{id}/captions/{lang} (admin) {label, text}: a WebVTT or SRT file's text (SRT is
 * converted by the server); 400 with field `text` names the line at fault.
 */
export function useSaveCaption() {
  const changed = useCaptionChanged();
  return useMutation({
    mutationFn: async ({ videoId, language, label, text }: SaveCaptionInput) =>
      (await api.put(captionPath(videoId, language), { label, text }, { schema: captionBodySchema })).caption,
    onSuccess: (caption, { videoId, language }) => changed(videoId, caption, language),
  });
}

export type EditCueInput = { videoId: string; language: string; index: number; text: string };

/** PATCH …/captions/{lang}/cues/{index} (admin) {text}: one cue's words. */
export function useEditCue() {
  const changed = useCaptionChanged();
  return useMutation({
    mutationFn: async ({ videoId, language, index, text }: EditCueInput) =>
      (await api.patch(`${captionPath(videoId, language)}/cues/${index}`, { text }, { schema: captionBodySchema })).caption,
    onSuccess: (caption, { videoId, language }) => changed(videoId, caption, language),
  });
}

/** DELETE …/videos/{id}/captions/{lang} (admin): 204. */
export function useDeleteCaption() {
  const changed = useCaptionChanged();
  return useMutation({
    mutationFn: ({ videoId, language }: { videoId: string; language: string }) => api.delete(captionPath(videoId, language)),
    onSuccess: (_data, { videoId, language }) => changed(videoId, null, language),
  });
}
