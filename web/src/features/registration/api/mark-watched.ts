import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { registrationKeys } from "@/lib/query-keys/registrations";
import { registrationBodySchema, type Registration } from "@/lib/registrations/schemas";

/**
 * POST /api/webinars/{id}/registration/watched: watched_video_fully becomes
 * true (a repeat changes nothing); 404 'Registration not found'.
 */
async function markWatched(webinarId: string): Promise<Registration> {
  const { registration } = await api.post(
    `/api/webinars/${encodeURIComponent(webinarId)}/registration/watched`,
    undefined,
    { schema: registrationBodySchema },
  );
  return registration;
}

export function useMarkWatched() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markWatched,
    onSuccess: (registration, webinarId) => {
      queryClient.setQueryData(registrationKeys.forWebinar(webinarId), registration);
      return queryClient.invalidateQueries({ queryKey: registrationKeys.mine() });
    },
  });
}
