import { useQuery } from "@tanstack/react-query";
import { z } from "@/lib/zod";
import { adminQueryFreshness } from "@/lib/admin-query";
import { api } from "@/lib/api";
import { giveawayKeys } from "./keys";
import { adminDrawSchema } from "./schemas";

const responseSchema = z.object({ draws: z.array(adminDrawSchema) });

/** GET /api/admin/giveaway-draws (admin): every draw with its proof, newest first. */
export function useAdminDraws() {
  return useQuery({
    queryKey: giveawayKeys.draws(),
    queryFn: async ({ signal }) => (await api.get("/api/admin/giveaway-draws", { schema: responseSchema, signal })).draws,
    ...adminQueryFreshness,
  });
}

/** The entrant list of a draw: its sha256sum is the draw's entries_sha256. */
export const entryListUrl = (drawId: string) => `/api/admin/giveaway-draws/${encodeURIComponent(drawId)}/entries.txt`;
