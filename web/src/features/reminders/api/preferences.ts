import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { retryTransient } from "@/lib/retry";
import { reminderKeys } from "./keys";
import type { SwitchKind } from "@/lib/reminder-kinds";
import { preferencesSchema, type ReminderPreferences } from "./schemas";

/** GET /api/reminders/preferences: the signed-in account's "Reminder e-mails" switches. */
export function useReminderPreferences() {
  return useQuery({
    queryKey: reminderKeys.preferences(),
    queryFn: ({ signal }) => api.get("/api/reminders/preferences", { schema: preferencesSchema, signal }),
    retry: retryTransient(1),
  });
}

/** PATCH /api/reminders/preferences with one switch; the answer holds every switch. */
export function useSetReminderPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, on }: { kind: SwitchKind; on: boolean }) =>
      api.patch("/api/reminders/preferences", { [kind]: on }, { schema: preferencesSchema }),
    onSuccess: (saved: ReminderPreferences) => queryClient.setQueryData(reminderKeys.preferences(), saved),
  });
}
