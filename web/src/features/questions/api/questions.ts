import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminQueryFreshness } from "@/lib/admin-query";
import { api } from "@/lib/api";
import { askedSchema, inboxItemSchema, inboxSchema, publishedSchema, type QuestionStatus } from "./schemas";

/** Query keys of the questions (this feature's own). */
export const questionKeys = {
  all: ["questions"] as const,
  published: (webinarId: string) => [...questionKeys.all, "published", webinarId] as const,
  inbox: () => [...questionKeys.all, "inbox"] as const,
  inboxOf: (status: QuestionStatus) => [...questionKeys.inbox(), status] as const,
};

const webinarQuestions = (webinarId: string) => `/api/webinars/${encodeURIComponent(webinarId)}/questions`;

/**
 * POST /api/webinars/{id}/questions (a registrant): the question at the player's second. Refusals
 * carry the server's message: 400 naming `question` or `second`, 403 `registration_required`,
 * 429 past the limit.
 */
export function useAskQuestion(webinarId: string) {
  return useMutation({
    mutationFn: (body: { question: string; second: number; show_name: boolean }) =>
      api.post(webinarQuestions(webinarId), body, { schema: askedSchema }),
  });
}

/** GET /api/webinars/{id}/questions (anyone): the published questions and answers, in the video's order. */
export function usePublishedQuestions(webinarId: string) {
  return useQuery({
    queryKey: questionKeys.published(webinarId),
    queryFn: ({ signal }) => api.get(webinarQuestions(webinarId), { schema: publishedSchema, signal }),
  });
}

/** GET /api/counter/questions?status= (staff): the inbox of one status, newest first, with each status's count. */
export function useQuestionInbox(status: QuestionStatus) {
  return useQuery({
    queryKey: questionKeys.inboxOf(status),
    queryFn: ({ signal }) => api.get(`/api/counter/questions?status=${status}`, { schema: inboxSchema, signal }),
    ...adminQueryFreshness,
  });
}

type Action = { id: string } & ({ kind: "answer"; answer: string } | { kind: "publish" } | { kind: "hide" });

/**
 * POST /api/counter/questions/{id}/answer|publish|hide (staff): the answer is mailed to the asker;
 * publish shows it under the video; hide takes an abusive question out of sight. Every inbox list
 * refreshes after.
 */
export function useQuestionAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (a: Action) =>
      api.post(
        `/api/counter/questions/${encodeURIComponent(a.id)}/${a.kind}`,
        a.kind === "answer" ? { answer: a.answer } : undefined,
        { schema: inboxItemSchema },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: questionKeys.all }),
  });
}
