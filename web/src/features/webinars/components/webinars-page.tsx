import { PlaceholderPage } from "@/components/layout/placeholder-page";

/** "/webinars". Placeholder until the webinar list feature lands. */
export function WebinarsPage() {
  return <PlaceholderPage title="Upcoming Webinars" message="The webinar list is coming soon." />;
}
