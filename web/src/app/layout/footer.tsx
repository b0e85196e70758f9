import { Camera, CirclePlay, Mail, MapPin, Phone, ThumbsUp, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { store } from "@/config/store";
import { addressLines, phoneHref } from "@/lib/site-settings/site-info";
import { useSiteInfo } from "@/lib/site-settings/get-site-info";
import { SubscribeBox } from "@/components/webinar-alerts/subscribe-box";
import { useHydrated } from "@/lib/use-hydrated";
import { Brand } from "./brand";

// lucide has no brand logos; these stand in, named by aria-label.
const socialIcons: Record<string, LucideIcon> = {
  Facebook: ThumbsUp,
  Instagram: Camera,
  YouTube: CirclePlay,
};

const quickLinks = [
  { to: "/", label: "Home" },
  { to: "/webinars", label: "Webinars" },
  { to: "/how-it-works", label: "How It Works" },
  { to: "/about", label: "About Us" },
  { to: "/contact", label: "Contact" },
  { to: "/dashboard", label: "My Dashboard" },
];

// At least 24 px tall, though the text is smaller (WCAG 2.5.8, docs/testing.md#wcag-22-aa).
const linkClass =
  "inline-flex min-h-6 items-center rounded-sm text-zinc-400 transition-colors hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-500";

/**
 * Contact block and copyright from the admin's site settings (GET
 * /api/settings/site). Drawn once the app runs, not in the first paint: it
 * sits below the first screen and writes the visitor's year.
 */
export function Footer() {
  return useHydrated() ? <FooterContent /> : null;
}

function FooterContent() {
  const year = new Date().getFullYear();
  const site = useSiteInfo();
  const address = addressLines(site.store_address);
  return (
    <footer className="no-print mt-auto bg-zinc-950 text-zinc-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div className="grid content-start gap-4 lg:col-span-2 lg:max-w-sm">
          <Brand className="text-white" />
          <p className="text-sm leading-relaxed text-zinc-400">
            Watch a short webinar from our {store.city} gear store, unlock a store-credit coupon worth more than you
            pay, and get entered into our gear giveaway.
          </p>
          <p className="text-xs leading-relaxed text-zinc-400">
            Customers must be 21 or older. A valid FOID card is required for firearm purchases in Illinois.
          </p>
          <SubscribeBox tone="dark" box="footer" className="mt-2" />
        </div>

        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="text-sm font-semibold tracking-wide text-white uppercase">
            Quick Links
          </h2>
          <ul className="mt-4 grid gap-2.5 text-sm">
            {quickLinks.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={linkClass}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Visit the Store</h2>
          <address className="mt-4 grid gap-3 text-sm not-italic">
            {address.length > 0 && (
              <p className="flex gap-2.5">
                <MapPin className="mt-0.5 size-4 shrink-0 text-accent-400" aria-hidden="true" />
                <span>
                  {address.map((line, i) => (
                    <span key={i} className="block">
                      {line}
                    </span>
                  ))}
                </span>
              </p>
            )}
            <p className="flex gap-2.5">
              <Phone className="mt-0.5 size-4 shrink-0 text-accent-400" aria-hidden="true" />
              <a href={phoneHref(site.store_phone)} className={linkClass}>
                {site.store_phone}
              </a>
            </p>
            <p className="flex gap-2.5">
              <Mail className="mt-0.5 size-4 shrink-0 text-accent-400" aria-hidden="true" />
              <a href={`mailto:${site.contact_email}`} className={`${linkClass} break-all`}>
                {site.contact_email}
              </a>
            </p>
          </address>
          <ul className="mt-5 flex gap-2" aria-label="Social media">
            {store.social
              .filter((s) => s.href)
              .map((s) => {
                const Icon = socialIcons[s.name] ?? ThumbsUp;
                return (
                  <li key={s.name}>
                    <a
                      href={s.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`${site.site_title} on ${s.name}`}
                      title={s.name}
                      className="grid size-10 place-items-center rounded-full bg-white/5 text-zinc-300 transition-colors hover:bg-accent-500 hover:text-white focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none"
                    >
                      <Icon className="size-5" aria-hidden="true" />
                    </a>
                  </li>
                );
              })}
          </ul>
        </div>
      </div>

      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-xs text-zinc-400 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>
            © {year} {site.site_title}. All rights reserved.
            {site.store_address && <span className="hidden md:inline"> · {site.store_address}</span>}
          </p>
          <nav aria-label="Legal" className="flex gap-5">
            <Link to="/privacy" className={linkClass}>
              Privacy Policy
            </Link>
            <Link to="/terms" className={linkClass}>
              Terms of Service
            </Link>
            <Link to="/giveaway-rules" className={linkClass}>
              Giveaway Rules
            </Link>
          </nav>
        </div>
      </div>
    </footer>
  );
}
