import { PageContainer, PageHeader } from "@/components/layout/page";
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
      <WebinarList />
    </PageContainer>
  );
}
