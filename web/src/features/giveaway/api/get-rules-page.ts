import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { giveawayKeys } from "./keys";
import { rulesPageSchema } from "./schemas";

/** GET /api/giveaway/rules (anyone): the official rules and each webinar's giveaway and draws. */
export function useRulesPage() {
  return useQuery({
    queryKey: giveawayKeys.rulesPage(),
    queryFn: ({ signal }) => api.get("/api/giveaway/rules", { schema: rulesPageSchema, signal }),
  });
}
