import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { webinarKeys } from "@/lib/query-keys/webinars";
import { adminWebinarSchema, type AdminWebinar, type WebinarInput } from "@/lib/webinars/schemas";

/** PUT /api/admin/webinars/{id} (admin): the whole form; 200 with the webinar. */
function updateWebinar({ id, input }: { id: string; input: WebinarInput }): Promise<AdminWebinar> {
  return api.put(`/api/admin/webinars/${encodeURIComponent(id)}`, input, { schema: adminWebinarSchema });
}

export function useUpdateWebinar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebinar,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webinarKeys.all }),
  });
}
