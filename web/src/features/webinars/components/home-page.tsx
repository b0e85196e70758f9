import { useDocumentTitle } from "@/lib/use-document-title";
import { Hero } from "./hero";
import { WebinarsSection } from "./webinars-section";

/** "/": the hero, then the webinars section (the layout shows the announcement banner above). */
export function HomePage() {
  useDocumentTitle();
  return (
    <>
      <Hero />
      <WebinarsSection />
    </>
  );
}
