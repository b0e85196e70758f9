import { Gift, MapPin, ShieldCheck, Ticket } from "lucide-react";
import { Link } from "react-router";
import { PageContainer, PageHeader } from "@/components/layout/page";
import { Button } from "@/components/ui/button";
import { store } from "@/config/store";
import { addressLines } from "@/lib/site-settings/site-info";
import { useSiteInfo } from "@/lib/site-settings/get-site-info";
import { useDocumentTitle } from "@/lib/use-document-title";

const values = [
  {
    icon: ShieldCheck,
    title: "Know your gear",
    text: "Short, practical webinars on the equipment we sell: how it works, how to choose it, and how to care for it.",
  },
  {
    icon: Ticket,
    title: "Credit worth more than you pay",
    text: "After a webinar you can buy a store-credit coupon that is typically worth more than its price, redeemable in our store.",
  },
  {
    icon: Gift,
    title: "A shot at free gear",
    text: "Every webinar with a coupon purchase includes an entry into that webinar's gear giveaway.",
  },
];

export function AboutPage() {
  useDocumentTitle("About Us");
  const site = useSiteInfo();
  const address = addressLines(site.store_address);
  return (
    <PageContainer>
      <PageHeader
        title="About WatchWin"
        description={`A local gear store in ${store.city}, ${store.stateName}, that rewards customers for learning before they buy.`}
      />
      <div className="grid gap-12 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="prose-page">
          <p>
            WatchWin is the online home of our retail store in {store.city}. We started it because
            the best customers are informed customers: people who understand the gear they are buying, how to use it
            safely, and what it is worth to them.
          </p>
          <p>
            Each webinar is a short recorded session with a limited number of seats. Register, watch it at your own
            pace, and when the video ends you unlock an offer: a store-credit coupon you can buy for less than it is
            worth, plus an entry into that webinar's gear giveaway.
          </p>
          <h2>Made for the store counter, not just the screen</h2>
          <p>
            Coupons are redeemed in person at our {store.city} store. Bring a printed copy, pick out your gear, and our
            staff will apply your credit. Our team is happy to answer questions about anything you saw in a webinar.
          </p>
          <h2>Responsible ownership</h2>
          <p>
            Our customers must be 21 or older. Firearm purchases in {store.stateName} require a valid FOID card, and all
            sales follow federal, state and local law.
          </p>
          <p>
            Questions? <Link to="/contact">Get in touch</Link> or read <Link to="/how-it-works">how it works</Link>.
          </p>
        </div>
        <aside className="grid content-start gap-4">
          {values.map(({ icon: Icon, title, text }) => (
            <div key={title} className="rounded-xl border bg-card p-5 shadow-sm">
              <Icon className="size-6 text-accent-500" aria-hidden="true" />
              <h2 className="mt-3 font-semibold text-ink">{title}</h2>
              <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{text}</p>
            </div>
          ))}
          <div className="rounded-xl bg-zinc-950 p-5 text-zinc-200">
            <MapPin className="size-6 text-accent-500" aria-hidden="true" />
            <p className="mt-3 font-semibold text-white">Visit us</p>
            <p className="mt-1 text-sm">
              {address.map((line, i) => (
                <span key={i} className="block">
                  {line}
                </span>
              ))}
            </p>
            <Button asChild size="sm" className="mt-4">
              <Link to="/webinars">Browse Webinars</Link>
            </Button>
          </div>
        </aside>
      </div>
    </PageContainer>
  );
}
