import { useQuery } from "@tanstack/react-query";
import { adminQueryFreshness } from "@/lib/admin-query";
import { api } from "@/lib/api";
import { reminderKeys } from "./keys";
import { webinarRemindersSchema } from "./schemas";

/** GET /api/admin/webinars/{id}/reminders (admin): reminders sent per kind, and how many then watched and bought. */
export function useWebinarReminders(webinarId: string | null) {
  return useQuery({
    queryKey: reminderKeys.webinar(webinarId ?? ""),
    queryFn: ({ signal }) =>
      api.get(`/api/admin/webinars/${encodeURIComponent(webinarId ?? "")}/reminders`, { schema: webinarRemindersSchema, signal }),
    enabled: webinarId !== null,
    ...adminQueryFreshness,
  });
}
