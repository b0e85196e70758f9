import { Video } from "lucide-react";

/**
 * Home page section with id "webinars" (the hero button scrolls here).
 * Placeholder: the webinar list feature replaces its contents.
 */
export function WebinarsSection() {
  return (
    <section id="webinars" aria-labelledby="webinars-title" className="scroll-mt-20 bg-background">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        <div className="mb-8 max-w-2xl">
          <h2 id="webinars-title" className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
            Video Webinars &amp; Coupons
          </h2>
          <p className="mt-3 text-muted-foreground sm:text-lg">
            Reserve a seat, watch the video, and unlock a store-credit coupon for our Naperville store.
          </p>
        </div>
        <div className="flex items-center gap-3 rounded-xl border border-dashed border-zinc-300 bg-muted/50 p-6 text-muted-foreground">
          <Video className="size-6 shrink-0 text-accent-500" aria-hidden="true" />
          <p>The webinar list is coming soon.</p>
        </div>
      </div>
    </section>
  );
}
