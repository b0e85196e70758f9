import { PlaceholderPage } from "@/components/layout/placeholder-page";

/** "/webinar/:webinarId". Placeholder until the webinar detail feature lands. */
export function WebinarDetailPage() {
  return <PlaceholderPage title="Webinar Details" message="Webinar details are coming soon." />;
}
