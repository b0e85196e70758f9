import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { unsubscribedSchema } from "./schemas";

/** POST /api/reminders/unsubscribe?token=…: no session needed; using a link twice answers the same. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      api.post(`/api/reminders/unsubscribe?token=${encodeURIComponent(token)}`, undefined, { schema: unsubscribedSchema }),
  });
}
