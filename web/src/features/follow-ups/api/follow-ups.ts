import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminQueryFreshness } from "@/lib/admin-query";
import { api } from "@/lib/api";
import { historySchema, previewSchema, sentSchema, templatesSchema, type Segment } from "./schemas";

/** Query keys of the follow-ups (this feature's own). */
export const followUpKeys = {
  all: ["follow-ups"] as const,
  templates: () => [...followUpKeys.all, "templates"] as const,
  history: (webinarId: string) => [...followUpKeys.all, "history", webinarId] as const,
};

const base = (webinarId: string) => `/api/admin/webinars/${encodeURIComponent(webinarId)}/follow-ups`;

export type Criteria = { webinarId: string; segment: Segment; percent: number; days: number };

/** GET /api/admin/follow-ups/templates: each segment's default subject and text. */
export function useFollowUpTemplates() {
  return useQuery({
    queryKey: followUpKeys.templates(),
    queryFn: ({ signal }) => api.get("/api/admin/follow-ups/templates", { schema: templatesSchema, signal }),
    staleTime: Infinity,
  });
}

/** GET …/follow-ups: a webinar's past follow-ups, newest first. */
export function useFollowUpHistory(webinarId: string) {
  return useQuery({
    queryKey: followUpKeys.history(webinarId),
    queryFn: ({ signal }) => api.get(base(webinarId), { schema: historySchema, signal }),
    enabled: webinarId !== "",
    ...adminQueryFreshness,
  });
}

/**
 * GET …/follow-ups/preview (audited: it lists customers), run on the owner's click, not on
 * every keystroke: a mutation rather than a query, so nothing refetches it behind their back.
 */
export function usePreviewFollowUp() {
  return useMutation({
    mutationFn: (c: Criteria) =>
      api.get(
        `${base(c.webinarId)}/preview?segment=${c.segment}&percent=${c.percent}&days=${c.days}`,
        { schema: previewSchema },
      ),
  });
}

/** POST …/follow-ups: queues the follow-up once; the history refreshes after. */
export function useSendFollowUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ webinarId, ...body }: Criteria & { subject: string; body: string }) =>
      api.post(base(webinarId), body, { schema: sentSchema }),
    onSettled: (_d, _e, v) => queryClient.invalidateQueries({ queryKey: followUpKeys.history(v.webinarId) }),
  });
}
