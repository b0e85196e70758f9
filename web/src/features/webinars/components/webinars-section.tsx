import { WebinarList } from "./webinar-list";
import { store } from "@/config/store";

/** Home page section with id "webinars" (the hero button scrolls here). */
export function WebinarsSection() {
  return (
    <section id="webinars" aria-labelledby="webinars-title" className="scroll-mt-20 bg-zinc-50">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        <div className="mb-8 max-w-2xl sm:mb-10">
          <h2 id="webinars-title" className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
            Video Webinars &amp; Coupons
          </h2>
          <p className="mt-3 text-muted-foreground sm:text-lg">
            Reserve a seat, watch the video, and unlock a store-credit coupon for our {store.city} store.
          </p>
        </div>
        <WebinarList />
      </div>
    </section>
  );
}
