import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import {
  adminVideoCardBodySchema,
  adminVideoCardListSchema,
  videoCardKeys,
  type AdminVideoCard,
  type VideoCardAction,
} from "@/lib/video-cards/schemas";

/** The admin's card form as the API takes it (docs/api.md#cards-in-the-video). */
export type VideoCardInput = {
  start_second: number;
  duration_seconds: number;
  title: string;
  line: string;
  action: VideoCardAction;
  link_url: string;
};

const cardsPath = (webinarId: string) => `/api/admin/webinars/${encodeURIComponent(webinarId)}/cards`;

/** GET /api/admin/webinars/{id}/cards: the cards with their clicks, in timeline order. */
export function useAdminVideoCards(webinarId: string | null) {
  return useQuery({
    queryKey: videoCardKeys.admin(webinarId ?? ""),
    queryFn: async ({ signal }): Promise<AdminVideoCard[]> =>
      (await api.get(cardsPath(webinarId ?? ""), { schema: adminVideoCardListSchema, signal })).cards,
    enabled: webinarId !== null,
  });
}

/** POST (a new card, id null) or PUT …/cards/{card}: the saved card. */
export function useSaveVideoCard(webinarId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string | null; input: VideoCardInput }) => {
      const body = id
        ? await api.put(`${cardsPath(webinarId)}/${encodeURIComponent(id)}`, input, { schema: adminVideoCardBodySchema })
        : await api.post(cardsPath(webinarId), input, { schema: adminVideoCardBodySchema });
      return body.card;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoCardKeys.all }),
  });
}

/** DELETE …/cards/{card}. */
export function useDeleteVideoCard(webinarId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`${cardsPath(webinarId)}/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoCardKeys.all }),
  });
}
