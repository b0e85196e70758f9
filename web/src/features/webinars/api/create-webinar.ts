import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { webinarKeys } from "@/lib/query-keys/webinars";
import { adminWebinarSchema, type AdminWebinar, type WebinarInput } from "@/lib/webinars/schemas";

/** POST /api/admin/webinars (admin): 201 with the new webinar. */
function createWebinar(input: WebinarInput): Promise<AdminWebinar> {
  return api.post("/api/admin/webinars", input, { schema: adminWebinarSchema });
}

export function useCreateWebinar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebinar,
    // Admin and public lists both change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webinarKeys.all }),
  });
}
