import { SITE_NAME, store, storeAddressLine } from "@/config/store";
import { zm } from "@/lib/zod";

/** GET /api/settings/site: what the header, footer and Contact page show (zod/mini: see lib/zod.ts). */
export const siteInfoSchema = zm.object({
  site_title: zm.string(),
  contact_email: zm.string(),
  store_address: zm.string(),
  store_phone: zm.string(),
});
export type SiteInfo = zm.infer<typeof siteInfoSchema>;

/** The server's defaults (docs/api.md#site-settings), shown until the settings load. */
export const SITE_INFO_DEFAULTS: SiteInfo = {
  site_title: SITE_NAME,
  contact_email: store.email,
  store_address: storeAddressLine,
  store_phone: store.phone,
};
