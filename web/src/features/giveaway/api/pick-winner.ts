import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { giveawayKeys } from "./keys";
import { drawResponseSchema } from "./schemas";

/**
 * POST /api/admin/webinars/{id}/giveaway/draw (admin), 'Pick New Winner':
 * the next winner of the webinar's fixed draw sequence, preferring entries
 * not drawn before; earlier winners stay. The reason is kept with the draw
 * and audited. 400 `reason`; 409 `not_drawn`, `no_entrants`; 404.
 */
function pickWinner({ webinarId, reason }: { webinarId: string; reason: string }) {
  return api.post(`/api/admin/webinars/${encodeURIComponent(webinarId)}/giveaway/draw`, { reason }, {
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
