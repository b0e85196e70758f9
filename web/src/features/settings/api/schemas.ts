import { zm } from "@/lib/zod";
import { SITE_NAME, store, storeAddressLine } from "@/config/store";

/** GET /api/settings/site: what the header, footer and Contact page show (zod/mini: see lib/zod.ts). */
export const siteInfoSchema = zm.object({
  site_title: zm.string(),
  contact_email: zm.string(),
  store_address: zm.string(),
  store_phone: zm.string(),
});
export type SiteInfo = zm.infer<typeof siteInfoSchema>;

/** The server's defaults (docs/api.md "Site settings"), shown until the settings load. */
export const SITE_INFO_DEFAULTS: SiteInfo = {
  site_title: SITE_NAME,
  contact_email: store.email,
  store_address: storeAddressLine,
  store_phone: store.phone,
};

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
