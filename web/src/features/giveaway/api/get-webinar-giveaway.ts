import { useQuery } from "@tanstack/react-query";
import { z } from "@/lib/zod";
import { api } from "@/lib/api";
import { giveawayKeys } from "./keys";
import { webinarGiveawaySchema } from "./schemas";

const responseSchema = z.object({ giveaway: webinarGiveawaySchema });

/**
 * GET /api/webinars/{id}/giveaway (anyone): the webinar's giveaway and, signed
 * in, the caller's entry. Keyed by the caller; pass enabled false until the
 * session is known, so the anonymous answer is not shown and then replaced.
 */
export function useWebinarGiveaway(webinarId: string, userId: string | null, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...giveawayKeys.webinar(webinarId), userId ?? "anonymous"],
    queryFn: async ({ signal }) =>
      (await api.get(`/api/webinars/${encodeURIComponent(webinarId)}/giveaway`, { schema: responseSchema, signal }))
        .giveaway,
  });
}
