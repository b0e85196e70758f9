import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { giveawayKeys } from "./keys";
import { drawResponseSchema } from "./schemas";

/**
 * POST /api/admin/webinars/{id}/giveaway/draw (admin), 'Pick New Winner':
 * draws again among the webinar's paid registrants, preferring ones not drawn
 * before; earlier winners stay. 409 `no_entrants`; 404 'Webinar not found'.
 */
function pickWinner(webinarId: string) {
  return api.post(`/api/admin/webinars/${encodeURIComponent(webinarId)}/giveaway/draw`, undefined, {
    schema: drawResponseSchema,
  });
}

export function usePickWinner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pickWinner,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: giveawayKeys.all }),
  });
}
