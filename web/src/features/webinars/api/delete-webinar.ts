import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { webinarKeys } from "@/lib/query-keys/webinars";

/**
 * DELETE /api/admin/webinars/{id} (admin): 204. A webinar with paid
 * registrations is refused with 409 `webinar_has_paid_seats`, whose message
 * suggests deactivating it instead.
 */
function deleteWebinar(id: string): Promise<void> {
  return api.delete(`/api/admin/webinars/${encodeURIComponent(id)}`);
}

export function useDeleteWebinar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebinar,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: webinarKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: webinarKeys.all });
    },
  });
}
