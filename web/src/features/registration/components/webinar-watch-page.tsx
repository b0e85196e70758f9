import { PlaceholderPage } from "@/components/layout/placeholder-page";

/**
 * "/webinar/:webinarId/watch". Public route on purpose: the page itself does
 * the SPEC.md §4 access check (toast 'Authentication required', redirect to
 * /auth?webinarId=...). Placeholder until the watch feature lands.
 */
export function WebinarWatchPage() {
  return <PlaceholderPage title="Watch Webinar" message="The webinar player is coming soon." />;
}
