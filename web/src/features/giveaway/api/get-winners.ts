import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminQueryFreshness } from "@/lib/admin-query";
import { api } from "@/lib/api";
import { giveawayKeys } from "./keys";
import { winnerListSchema, type Winner } from "./schemas";

/** GET /api/admin/giveaway-winners (admin): every winner ever drawn, newest first. */
async function getWinners(signal?: AbortSignal): Promise<Winner[]> {
  const { winners } = await api.get("/api/admin/giveaway-winners", { schema: winnerListSchema, signal });
  return winners;
}

const winnersQueryOptions = () =>
  queryOptions({
    queryKey: giveawayKeys.winners(),
    queryFn: ({ signal }) => getWinners(signal),
    ...adminQueryFreshness,
  });

export function useGiveawayWinners() {
  return useQuery(winnersQueryOptions());
}
