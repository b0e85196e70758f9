import { useDocumentTitle } from "@/lib/use-document-title";
import { Hero } from "./hero";
import { WebinarsSection } from "./webinars-section";

/** "/": hero, then the webinars section (announcement banner comes with site settings). */
export function HomePage() {
  useDocumentTitle();
  return (
    <>
      <Hero />
      <WebinarsSection />
    </>
  );
}
