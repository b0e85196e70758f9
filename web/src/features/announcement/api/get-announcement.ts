import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "@/lib/zod";
import { api } from "@/lib/api";

const announcementSchema = z.object({
  text: z.string(),
  enabled: z.boolean(),
  color: z.string(),
  text_color: z.string(),
  font_size: z.string(),
  font_family: z.string(),
  border: z.string(),
  dismissible: z.boolean(),
});
export type Announcement = z.infer<typeof announcementSchema>;

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
