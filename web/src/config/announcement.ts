/**
 * The banner's look until the admin changes it (docs/product.md#records site_settings,
 * docs/api.md#site-settings; the server holds the same defaults). White on
 * #E53E3E is 4.1:1: readable as WCAG AA large text only, which the banner's
 * bold 1.25rem text is (announcement-banner.test.tsx checks it).
 */
export const ANNOUNCEMENT_DEFAULTS = {
  color: "#E53E3E",
  text_color: "#ffffff",
  font_size: "1.25rem",
  font_family: "inherit",
  border: "none",
} as const;
