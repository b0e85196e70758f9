import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { videoCardKeys, videoCardListSchema, type VideoCard } from "@/lib/video-cards/schemas";

const cardsPath = (webinarId: string) => `/api/webinars/${encodeURIComponent(webinarId)}/cards`;

/** GET /api/webinars/{id}/cards: the cards the player shows, in timeline order (docs/api.md#cards-in-the-video). */
export function useVideoCards(webinarId: string, enabled: boolean) {
  return useQuery({
    queryKey: videoCardKeys.watch(webinarId),
    queryFn: async ({ signal }): Promise<VideoCard[]> =>
      (await api.get(cardsPath(webinarId), { schema: videoCardListSchema, signal })).cards,
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** POST …/cards/{card}/click: one click counted (nothing about who). A failure is not the viewer's concern. */
export function useCardClick(webinarId: string) {
  return useMutation({
    mutationFn: (cardId: string) => api.post(`${cardsPath(webinarId)}/${encodeURIComponent(cardId)}/click`),
  });
}
