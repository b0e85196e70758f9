import { AnnouncementBanner } from "@/features/announcement";
import { useDocumentTitle } from "@/lib/use-document-title";
import { Hero } from "./hero";
import { WebinarsSection } from "./webinars-section";

/** "/": the optional announcement banner, the hero, then the webinars section. */
export function HomePage() {
  useDocumentTitle();
  return (
    <>
      <AnnouncementBanner />
      <Hero />
      <WebinarsSection />
    </>
  );
}
