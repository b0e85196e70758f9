import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "@/lib/zod";
import { adminQueryFreshness } from "@/lib/admin-query";
import { api } from "@/lib/api";
import { giveawayKeys } from "./keys";
import { termsSchema } from "./schemas";

const responseSchema = z.object({ terms: termsSchema });

export type TermsForm = { draws_at: string | null; prize_description: string | null; prize_value_cents: number | null };

/** GET /api/admin/webinars/{id}/giveaway (admin): the webinar's own draw date and prize. */
export function useTerms(webinarId: string, enabled = true) {
  return useQuery({
    queryKey: giveawayKeys.terms(webinarId),
    queryFn: async ({ signal }) =>
      (await api.get(`/api/admin/webinars/${encodeURIComponent(webinarId)}/giveaway`, { schema: responseSchema, signal }))
        .terms,
    enabled,
    ...adminQueryFreshness,
  });
}

/** PUT /api/admin/webinars/{id}/giveaway (admin): 409 `giveaway_drawn` once the webinar's draw happened. */
export function useSaveTerms(webinarId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (form: TermsForm) =>
      (await api.put(`/api/admin/webinars/${encodeURIComponent(webinarId)}/giveaway`, form, { schema: responseSchema }))
        .terms,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: giveawayKeys.all }),
  });
}
