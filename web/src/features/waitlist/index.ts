// Public surface of the waiting-list feature (docs/product.md#waiting-list): parts app/ puts
// into other features' pages (app/composed-pages.tsx), each loaded on demand in its own chunk,
// never with a first visit.
export type { WaitlistPanelProps, WaitlistPlace } from "./components/waitlist-panel";

/** The panel of a sold-out webinar: join, my place and leave, or the seat held for me. */
export const loadWaitlistPanel = () => import("./components/waitlist-panel").then((m) => m.WaitlistPanel);

/** The admin webinars table's '{N} waiting' with its 'Waiting list — {title}' dialog. */
export const loadWaitlistCountButton = () =>
  import("./components/admin/waitlist-count-button").then((m) => m.WaitlistCountButton);
