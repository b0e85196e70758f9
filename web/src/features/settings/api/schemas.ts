import { zm } from "@/lib/zod";
export type { SiteInfo } from "@/lib/site-settings/site-info-schema";

/** GET /api/admin/settings: every key with the value pages see (booleans as "true"/"false"). */
export const adminSettingsSchema = zm.object({ settings: zm.record(zm.string(), zm.string()) });
export type AdminSettings = Record<string, string>;

/** PUT /api/admin/settings/announcement body and answer (the banner). */
export type AnnouncementInput = {
  text: string;
  enabled: boolean;
  color: string;
  text_color: string;
  font_size: string;
  font_family: string;
  border: string;
  dismissible: boolean;
};

/** Pages that can have a background image (docs/product.md#records background_images). */
export const BACKGROUND_PAGES = ["home", "webinars", "user_dashboard", "admin_dashboard"] as const;
export type BackgroundPage = (typeof BACKGROUND_PAGES)[number];

/** GET /api/settings/backgrounds: each page's image URL, null when none is chosen. */
export const backgroundsSchema = zm.object({
  backgrounds: zm.record(zm.string(), zm.nullable(zm.string())),
});

/** PUT /api/admin/settings/backgrounds/{page} answer. */
export const backgroundResultSchema = zm.object({ page: zm.string(), image_path: zm.string(), url: zm.string() });

/** PUT /api/admin/settings/reminders body and answer: each reminder e-mail on or off for the site. */
export const reminderSettingsSchema = zm.object({ ready: zm.boolean(), unfinished: zm.boolean(), offer: zm.boolean() });
export type ReminderSettings = zm.infer<typeof reminderSettingsSchema>;
