import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { registrationKeys } from "@/lib/query-keys/registrations";
import { registrationBodySchema, type Registration } from "@/lib/registrations/schemas";

/**
 * POST /api/webinars/{id}/registration/reset ('Reset Status'): clears
 * watched_video_fully, and purchased_coupon only when no coupon backs it.
 */
async function resetRegistration(webinarId: string): Promise<Registration> {
  const { registration } = await api.post(
    `/api/webinars/${encodeURIComponent(webinarId)}/registration/reset`,
    undefined,
    { schema: registrationBodySchema },
  );
  return registration;
}

export function useResetRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetRegistration,
    onSuccess: (registration, webinarId) => {
      queryClient.setQueryData(registrationKeys.forWebinar(webinarId), registration);
      return queryClient.invalidateQueries({ queryKey: registrationKeys.mine() });
    },
  });
}

type AdminResetVariables = { webinarId: string; userId: string };

/**
 * POST /api/admin/registrations/reset (admin, 'Force Reset'): resets any
 * user's registration for a webinar. 400 'Missing webinar ID or user ID',
 * 404 'Registration not found'.
 */
async function adminResetRegistration({ webinarId, userId }: AdminResetVariables): Promise<Registration> {
  const { registration } = await api.post(
    "/api/admin/registrations/reset",
    { webinar_id: webinarId, user_id: userId },
    { schema: registrationBodySchema },
  );
  return registration;
}

export function useAdminResetRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminResetRegistration,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: registrationKeys.all }),
  });
}
