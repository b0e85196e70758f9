import { z } from "@/lib/zod";
import { SITE_NAME, store, storeAddressLine } from "@/config/store";

/** GET /api/settings/site: what the header, footer and Contact page show. */
export const siteInfoSchema = z.object({
  site_title: z.string(),
  contact_email: z.string(),
  store_address: z.string(),
  store_phone: z.string(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;

/** The server's defaults (docs/api.md "Site settings"), shown until the settings load. */
export const SITE_INFO_DEFAULTS: SiteInfo = {
  site_title: SITE_NAME,
  contact_email: store.email,
  store_address: storeAddressLine,
  store_phone: store.phone,
};

/** GET /api/admin/settings: every key with the value pages see (booleans as "true"/"false"). */
export const adminSettingsSchema = z.object({ settings: z.record(z.string(), z.string()) });
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

/** Pages that can have a background image (SPEC.md §3 background_images). */
export const BACKGROUND_PAGES = ["home", "webinars", "user_dashboard", "admin_dashboard"] as const;
export type BackgroundPage = (typeof BACKGROUND_PAGES)[number];

/** GET /api/settings/backgrounds: each page's image URL, null when none is chosen. */
export const backgroundsSchema = z.object({
  backgrounds: z.record(z.string(), z.string().nullable()),
});

/** PUT /api/admin/settings/backgrounds/{page} answer. */
export const backgroundResultSchema = z.object({ page: z.string(), image_path: z.string(), url: z.string() });
