import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "@/lib/zod";
import { adminQueryFreshness } from "@/lib/admin-query";
import { api } from "@/lib/api";
import { giveawayKeys } from "./keys";
import { rulesSchema, type Rules } from "./schemas";

const responseSchema = z.object({ rules: rulesSchema });

/** GET /api/admin/giveaway/rules (admin): the Giveaway tab's form. */
export function useAdminRules() {
  return useQuery(
    queryOptions({
      queryKey: giveawayKeys.adminRules(),
      queryFn: async ({ signal }) => (await api.get("/api/admin/giveaway/rules", { schema: responseSchema, signal })).rules,
      ...adminQueryFreshness,
    }),
  );
}

/** PUT /api/admin/giveaway/rules (admin): 400 names the field (sponsor, address and prize value are required). */
export function useSaveRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (rules: Rules) => (await api.put("/api/admin/giveaway/rules", rules, { schema: responseSchema })).rules,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: giveawayKeys.all }),
  });
}
