import { PageContainer, PageHeader } from "@/components/layout/page";
import { SubscribeBox } from "@/components/webinar-alerts/subscribe-box";
import { useDocumentTitle } from "@/lib/use-document-title";
import { WebinarList } from "./webinar-list";

/** "/webinars": every active webinar. */
export function WebinarsPage() {
  useDocumentTitle("Upcoming Webinars");
  return (
    <PageContainer>
      <PageHeader
        title="Upcoming Webinars"
        description="Pick a session, reserve your seat, and unlock a store-credit coupon worth more than you pay."
      />
      {/* Right under the page's h1, and the first cards are on the first screen. */}
      <WebinarList headingLevel={2} eager />
      <SubscribeBox className="mx-auto mt-12 max-w-xl rounded-lg border bg-card p-6" />
    </PageContainer>
  );
}
