import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { settingsKeys } from "@/lib/site-settings/keys";
import {
  backgroundResultSchema,
  reminderSettingsSchema,
  type AnnouncementInput,
  type BackgroundPage,
  type ReminderSettings,
} from "./schemas";
import { siteInfoSchema, type SiteInfo } from "@/lib/site-settings/site-info-schema";

/** The public banner's query key (features/announcement reads it); refreshed after a save. */
const ANNOUNCEMENT_KEY = ["announcement"] as const;

/** PUT /api/admin/settings/general ('General info saved!'); 400 names the bad field. */
export function useSaveGeneralInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SiteInfo) => api.put("/api/admin/settings/general", input, { schema: siteInfoSchema }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.site(), saved);
      return queryClient.invalidateQueries({ queryKey: settingsKeys.admin() });
    },
  });
}

/** PUT /api/admin/settings/announcement ('Announcement settings saved!'); 400 names the bad field. */
export function useSaveAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AnnouncementInput) => api.put("/api/admin/settings/announcement", input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ANNOUNCEMENT_KEY }),
        queryClient.invalidateQueries({ queryKey: settingsKeys.admin() }),
      ]),
  });
}

/** PUT /api/admin/settings/backgrounds/{page} ('Background image updated!'). */
export function useSaveBackground() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ page, imagePath }: { page: BackgroundPage; imagePath: string }) =>
      api.put(`/api/admin/settings/backgrounds/${page}`, { image_path: imagePath }, { schema: backgroundResultSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.backgrounds() }),
  });
}

/** PUT /api/admin/settings/reminders: each reminder e-mail on or off for the site ('Reminder settings saved!'). */
export function useSaveReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReminderSettings) =>
      api.put("/api/admin/settings/reminders", input, { schema: reminderSettingsSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.admin() }),
  });
}
