import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { waitlistKeys } from "@/lib/query-keys/waitlist";
import { webinarKeys } from "@/lib/query-keys/webinars";
import { waitlistPath } from "@/lib/waitlist/get-standing";
import { waitlistStandingSchema } from "@/lib/waitlist/schemas";

/**
 * DELETE /api/webinars/{id}/waitlist (user): leave the waiting list, or decline the seat held for
 * me (it goes to the next person, or back on sale). Answers my standing, `none`; leaving twice is
 * not an error. The webinar's seats are asked again: a declined seat nobody waits for is for sale.
 */
export function useLeaveWaitlist(webinarId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(waitlistPath(webinarId), { schema: waitlistStandingSchema }),
    onSuccess: (standing) => {
      queryClient.setQueryData(waitlistKeys.standing(webinarId), standing);
      void queryClient.invalidateQueries({ queryKey: webinarKeys.detail(webinarId) });
    },
  });
}
