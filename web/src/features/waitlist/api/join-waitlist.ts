import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, isApiError } from "@/lib/api";
import { registrationKeys } from "@/lib/query-keys/registrations";
import { waitlistKeys } from "@/lib/query-keys/waitlist";
import { webinarKeys } from "@/lib/query-keys/webinars";
import { waitlistPath } from "@/lib/waitlist/get-standing";
import { waitlistStandingSchema } from "@/lib/waitlist/schemas";

/**
 * POST /api/webinars/{id}/waitlist (user): join the sold-out webinar's waiting list; answers my
 * standing (201 joined, 200 already on it). Refusals carry the server's message: 403
 * `staff_cannot_wait`, 409 `seats_available` (a seat is free: the page refreshes the webinar so
 * it offers it), `already_purchased`, `coupon_refunded`, 404 'Registration not found'.
 */
export function useJoinWaitlist(webinarId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(waitlistPath(webinarId), undefined, { schema: waitlistStandingSchema }),
    onSuccess: (standing) => queryClient.setQueryData(waitlistKeys.standing(webinarId), standing),
    onError: (error) => {
      if (!isApiError(error)) return;
      if (error.code === "seats_available") void queryClient.invalidateQueries({ queryKey: webinarKeys.detail(webinarId) });
      if (error.code === "already_purchased" || error.status === 404) {
        void queryClient.invalidateQueries({ queryKey: registrationKeys.forWebinar(webinarId) });
      }
    },
  });
}
