import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { giveawayKeys } from "./keys";
import { publicDrawResponseSchema } from "./schemas";

/** The path of a draw's entry list (anyone): the sorted entry ids whose sha256sum is its entries_sha256. */
export const entryListPath = (drawId: string) => `/api/giveaway/draws/${encodeURIComponent(drawId)}/entries.txt`;

/** GET /api/giveaway/draws/{id} (anyone): one draw's public record and proof; 404 'Draw not found'. */
export function usePublicDraw(drawId: string) {
  return useQuery({
    queryKey: giveawayKeys.publicDraw(drawId),
    queryFn: ({ signal }) =>
      api.get(`/api/giveaway/draws/${encodeURIComponent(drawId)}`, { schema: publicDrawResponseSchema, signal }),
    select: (data) => data.draw,
  });
}
