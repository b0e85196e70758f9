import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { giveawayKeys } from "./keys";
import { winnerResponseSchema } from "./schemas";

/**
 * POST /api/admin/giveaway-winners/{id}/notify (admin), 'Send Notification':
 * e-mails the winner once and marks them notified (a repeat changes nothing).
 * 409 `winner_account_deleted`; 404 'Winner not found'.
 */
function notifyWinner(id: string) {
  return api.post(`/api/admin/giveaway-winners/${encodeURIComponent(id)}/notify`, undefined, {
    schema: winnerResponseSchema,
  });
}

export function useNotifyWinner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: notifyWinner,
    onSettled: () => queryClient.invalidateQueries({ queryKey: giveawayKeys.all }),
  });
}
