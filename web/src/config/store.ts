/**
 * The retail store behind WatchWin: facts that are not site settings (city
 * and state in page copy, social profiles), plus the defaults of the settings
 * an admin can change. The header, footer and static pages read the title,
 * e-mail, address and phone from GET /api/settings/site (lib/site-settings'
 * useSiteInfo), with these values standing in while it loads.
 */
export const SITE_NAME = "WatchWin";

export const store = {
  name: "WatchWin",
  street: "1847 W Ogden Ave",
  city: "Naperville",
  state: "IL",
  stateName: "Illinois",
  zip: "60540",
  /** Default of the store_phone setting. */
  phone: "(630) 555-0147",
  /** Digits for tel: links. */
  phoneHref: "tel:+16305550147",
  /** Default of the contact_email setting. */
  email: "info@watchwin.store",
  /**
   * Social profiles shown as icons in the footer. Placeholders until the store
   * confirms its handles; an empty href hides that icon.
   */
  social: [
    { name: "Facebook", href: "https://www.facebook.com/watchwinstore" },
    { name: "Instagram", href: "https://www.instagram.com/watchwinstore" },
    { name: "YouTube", href: "https://www.youtube.com/@watchwinstore" },
  ] as const,
} as const;

/** Default of the store_address setting. */
export const storeAddressLine = `${store.street}, ${store.city}, ${store.state} ${store.zip}`;
