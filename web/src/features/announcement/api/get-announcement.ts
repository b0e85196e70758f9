import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { zm } from "@/lib/zod";
import { api } from "@/lib/api";

// zod/mini: every public page parses it (see lib/zod.ts).
const announcementSchema = zm.object({
  text: zm.string(),
  enabled: zm.boolean(),
  color: zm.string(),
  text_color: zm.string(),
  font_size: zm.string(),
  font_family: zm.string(),
  border: zm.string(),
  dismissible: zm.boolean(),
});
export type Announcement = zm.infer<typeof announcementSchema>;

export const announcementKeys = {
  all: ["announcement"] as const,
};

/** GET /api/settings/announcement: the banner of every public page, defaults filled in by the server. */
const announcementQueryOptions = () =>
  queryOptions({
    queryKey: announcementKeys.all,
    queryFn: ({ signal }) => api.get("/api/settings/announcement", { schema: announcementSchema, signal }),
    staleTime: 60_000,
    retry: 1,
  });

export function useAnnouncement() {
  return useQuery(announcementQueryOptions());
}

/** Puts the banner the server embedded in the page (GET /api/settings/announcement's body) in the cache as of `updatedAt`. */
export function primeAnnouncement(client: QueryClient, body: unknown, updatedAt: number) {
  const parsed = zm.safeParse(announcementSchema, body);
  if (parsed.success) client.setQueryData(announcementQueryOptions().queryKey, parsed.data, { updatedAt });
}
