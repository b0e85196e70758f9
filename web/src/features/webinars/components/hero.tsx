import { ArrowDown, Info } from "lucide-react";
import type { CSSProperties, MouseEvent } from "react";
import { Link } from "react-router";
import heroFallback from "@/assets/hero-fallback.svg";
import { Button } from "@/components/ui/button";
import { useAppConfig } from "@/lib/app-config";
import { store } from "@/config/store";

/**
 * Layers, top first: dark overlay for readable white text, the photo an
 * admin uploaded (site_images/hero_background.jpg, docs/product.md#admin-screens) when
 * /api/config says there is one, then the bundled fallback. Without an
 * upload the page never asks for the missing file (no 404 on every visit).
 */
export function heroStyle(heroUrl: string | null | undefined): CSSProperties {
  const layers = [
    "linear-gradient(180deg, rgba(9,9,11,0.55) 0%, rgba(9,9,11,0.65) 55%, rgba(9,9,11,0.85) 100%)",
    ...(heroUrl ? [`url("${encodeURI(heroUrl)}")`] : []),
    `url("${heroFallback}")`,
  ];
  return {
    backgroundImage: layers.join(", "),
    backgroundSize: layers.map(() => "cover").join(", "),
    backgroundPosition: layers.map(() => "center").join(", "),
    backgroundRepeat: "no-repeat",
    backgroundColor: "#0c0c0f",
  };
}

/** Smooth-scrolls to the link's target (instant when motion is reduced); without the app the browser jumps there. */
function scrollToSection(e: MouseEvent<HTMLAnchorElement>) {
  const el = document.getElementById(e.currentTarget.hash.slice(1));
  if (!el) return;
  e.preventDefault();
  const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  el.scrollIntoView?.({ behavior: reduce ? "auto" : "smooth", block: "start" });
}

export function Hero() {
  const { data: config } = useAppConfig();
  return (
    <section
      aria-labelledby="hero-title"
      style={heroStyle(config?.heroUrl)}
      className="relative isolate flex min-h-[max(500px,70vh)] items-center overflow-hidden text-white"
    >
      <div className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="max-w-2xl">
          <p className="mb-4 inline-flex items-center gap-2 rounded-full border border-white/20 bg-white/10 px-3 py-1 text-xs font-semibold tracking-wider uppercase backdrop-blur-sm">
            <span className="size-2 rounded-full bg-accent-500" aria-hidden="true" />
            {store.city}, {store.stateName}
          </p>
          <h1 id="hero-title" className="text-4xl leading-[1.05] font-black tracking-tight sm:text-6xl lg:text-7xl">
            Watch. Claim. Save. <span className="text-accent-500">Win.</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-zinc-200 sm:text-xl">
            Watch a quick video and unlock an exclusive offer: a store-credit coupon worth more than you pay, plus an
            entry into our gear giveaway.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            {/* A real link: it scrolls before the app has started too. */}
            <Button asChild size="lg">
              <a href="#webinars" onClick={scrollToSection}>
                Browse Webinars &amp; Get Coupons
                <ArrowDown aria-hidden="true" />
              </a>
            </Button>
            <Button asChild size="lg" variant="inverse">
              <Link to="/how-it-works">
                <Info aria-hidden="true" />
                Learn how it works
              </Link>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
