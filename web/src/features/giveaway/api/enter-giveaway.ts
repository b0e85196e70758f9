import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "@/lib/zod";
import { api } from "@/lib/api";
import { giveawayKeys } from "./keys";
import { myEntrySchema } from "./schemas";

export type EntryForm = { eligible: boolean; accept_rules: boolean; show_name: boolean };

const responseSchema = z.object({ entry: myEntrySchema, created: z.boolean() });

/**
 * POST /api/webinars/{id}/giveaway/entries (user): the free entry, "Enter the
 * giveaway without purchase". 201 new, 200 already entered (paid or free);
 * 403 for staff and admins; 409 `giveaway_closed`.
 */
export function useEnterGiveaway(webinarId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: EntryForm) =>
      api.post(`/api/webinars/${encodeURIComponent(webinarId)}/giveaway/entries`, form, { schema: responseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: giveawayKeys.webinar(webinarId) }),
  });
}
