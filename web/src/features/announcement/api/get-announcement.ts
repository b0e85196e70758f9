import { queryOptions, useQuery } from "@tanstack/react-query";
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
