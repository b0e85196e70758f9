/**
 * The retail store behind WatchWin. One place for the facts shown in the
 * footer, the contact page and the legal pages.
 */
export const SITE_NAME = "WatchWin";

export const store = {
  name: "WatchWin",
  street: "1847 W Ogden Ave",
  city: "Naperville",
  state: "IL",
  stateName: "Illinois",
  zip: "60540",
  phone: "(630) 555-0147",
  /** Digits for tel: links. */
  phoneHref: "tel:+16305550147",
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

export const storeAddressLine = `${store.street}, ${store.city}, ${store.state} ${store.zip}`;
