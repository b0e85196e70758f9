import { Gift, MonitorPlay, Store, Ticket, UserPlus, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { PageContainer, PageHeader } from "@/components/layout/page";
import { Button } from "@/components/ui/button";
import { store } from "@/config/store";
import { useDocumentTitle } from "@/lib/use-document-title";

type Step = { icon: LucideIcon; title: string; text: string };

const steps: Step[] = [
  {
    icon: UserPlus,
    title: "Register for a webinar",
    text: "Create a free account (you must be 21 or older), pick a webinar and press Reserve Spot. Seats are limited, so grab yours early.",
  },
  {
    icon: MonitorPlay,
    title: "Watch the video",
    text: "Log in and watch the recorded webinar at your own pace. When the video ends, your exclusive offer unlocks.",
  },
  {
    icon: Ticket,
    title: "Buy your store-credit coupon",
    text: "Pay the webinar price by card and receive a store-credit coupon worth more than you paid. For example, pay $40 and get a $48 coupon.",
  },
  {
    icon: Gift,
    title: "You're entered in the giveaway",
    text: "Every coupon purchase enters you in that webinar's gear giveaway, and anyone signed in can enter free with \"Enter the giveaway without purchase\" on the webinar's page: same chance, one entry per person. A winner is drawn at random when all seats are taken or on the draw date, and notified.",
  },
  {
    icon: Store,
    title: "Redeem in store",
    text: `Print your coupon (with its QR code) and bring it to our ${store.city} store within 30 days. Use it on purchases worth at least twice its face value.`,
  },
];

export function HowItWorksPage() {
  useDocumentTitle("How It Works");
  return (
    <PageContainer>
      <PageHeader
        title="How It Works"
        description="Five simple steps from watching a webinar to saving in store."
      />
      <ol className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        {steps.map(({ icon: Icon, title, text }, i) => (
          <li key={title} className="relative rounded-xl border bg-card p-6 shadow-sm">
            <div className="flex items-center gap-3">
              <span className="grid size-10 place-items-center rounded-full bg-accent-500 text-base font-bold text-white">
                {i + 1}
              </span>
              <Icon className="size-6 text-zinc-500" aria-hidden="true" />
            </div>
            <h2 className="mt-4 text-lg font-semibold text-ink">{title}</h2>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
          </li>
        ))}
        <li className="flex flex-col justify-between gap-4 rounded-xl bg-zinc-950 p-6 text-white">
          <div>
            <p className="text-lg font-semibold">Ready to start?</p>
            <p className="mt-2 text-sm text-zinc-300">
              Coupons are redeemed in person. A FOID card is required for firearm purchases in {store.stateName}.
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <Link to="/webinars">Browse Webinars</Link>
            </Button>
            <Button asChild variant="inverse">
              <Link to="/terms">Coupon terms</Link>
            </Button>
            <Button asChild variant="inverse">
              <Link to="/giveaway-rules">Giveaway rules</Link>
            </Button>
          </div>
        </li>
      </ol>
    </PageContainer>
  );
}
