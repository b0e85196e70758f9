import { Mail, MapPin, Phone, Ticket } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PageContainer, PageHeader } from "@/components/layout/page";
import { store } from "@/config/store";
import { addressLines, phoneHref } from "@/lib/site-settings/site-info";
import { useSiteInfo } from "@/lib/site-settings/get-site-info";
import { useDocumentTitle } from "@/lib/use-document-title";

function ContactCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-4 rounded-xl border bg-card p-5 shadow-sm sm:p-6">
      <span className="grid size-11 shrink-0 place-items-center rounded-full bg-accent-50 text-accent-600">{icon}</span>
      <div className="min-w-0">
        <h2 className="font-semibold text-ink">{title}</h2>
        <div className="mt-1 text-muted-foreground">{children}</div>
      </div>
    </div>
  );
}

/** "/contact": the store's address, phone and e-mail as the admin set them (GET /api/settings/site). */
export function ContactPage() {
  useDocumentTitle("Contact Us");
  const site = useSiteInfo();
  const address = addressLines(site.store_address);
  return (
    <PageContainer>
      <PageHeader
        title="Contact Us"
        description={`Questions about a webinar, your coupon or an order? Reach our ${store.city} store team.`}
      />
      <div className={address.length > 0 ? "grid gap-4 md:grid-cols-3" : "grid gap-4 md:grid-cols-2"}>
        {address.length > 0 && (
          <ContactCard icon={<MapPin className="size-5" aria-hidden="true" />} title="Store address">
            <address className="not-italic">
              {address.map((line, i) => (
                <span key={i} className="block">
                  {line}
                </span>
              ))}
            </address>
          </ContactCard>
        )}
        <ContactCard icon={<Phone className="size-5" aria-hidden="true" />} title="Phone">
          <a href={phoneHref(site.store_phone)} className="font-medium text-accent-600 underline-offset-4 hover:underline">
            {site.store_phone}
          </a>
          <p className="mt-1 text-sm">Please call ahead to confirm store hours.</p>
        </ContactCard>
        <ContactCard icon={<Mail className="size-5" aria-hidden="true" />} title="E-mail">
          <a
            href={`mailto:${site.contact_email}`}
            className="font-medium break-all text-accent-600 underline-offset-4 hover:underline"
          >
            {site.contact_email}
          </a>
          <p className="mt-1 text-sm">Best for questions about coupons and orders.</p>
        </ContactCard>
      </div>

      <div className="mt-10 grid gap-6 rounded-xl border bg-muted/50 p-6 sm:p-8 md:grid-cols-[auto_1fr] md:items-start">
        <Ticket className="size-8 text-accent-500" aria-hidden="true" />
        <div className="prose-page max-w-none">
          <h2 className="mt-0!">Redeeming a coupon</h2>
          <p>
            Coupons are redeemed in person at our {store.city} store. Bring a printed copy of your coupon (you can
            print it from <Link to="/dashboard">My Dashboard</Link>). Firearm purchases in {store.stateName} also require a
            valid FOID card.
          </p>
          <p>
            If you paid for a coupon but can't find it, e-mail us the address you signed up with and the webinar
            title, and we'll sort it out.
          </p>
        </div>
      </div>
    </PageContainer>
  );
}
