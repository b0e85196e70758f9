import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import type { ReactNode } from "react";
import { Header } from "./layout/header";
import { App } from "./app";
import { primeQueryCache, type InitialData } from "./initial-data";
import { AppProviders, RouteProviders } from "./providers";
import { createQueryClient } from "./query-client";
import { preloadPage } from "./router";
import { EAGER_CARDS, FIRST_CARDS, WebinarCard } from "@/features/webinars";
import { LOW_SEATS_THRESHOLD, STORE_CREDIT_PERCENTAGE, webinarSchema } from "@/lib/webinars/schemas";
import { SITE_NAME } from "@/config/store";
import { formatMoney } from "@/lib/money";
import { zm } from "@/lib/zod";

// The build's server render (web/scripts/paint.mjs, `vite build --ssr`):
// React's markup of a public page for a URL and the data the server embeds,
// from the same tree the browser hydrates (app/app.tsx).

export { formatMoney };

/** What decides a paint's variants, from the code that owns it: the server reads it (internal/page). */
export const paintRules = {
  firstCards: FIRST_CARDS,
  eagerCards: EAGER_CARDS,
  lowSeatsThreshold: LOW_SEATS_THRESHOLD,
  storeCreditPercentage: STORE_CREDIT_PERCENTAGE,
  /** The site title the brand draws as Watch + accented Win. */
  siteName: SITE_NAME,
};

/**
 * React puts a preload of each high-priority image first in its markup; the
 * server's head preloads the page's main image itself (internal/page), and
 * hydration skips such elements at the root, so the paint leaves them out.
 */
function withoutHoistedLinks(markup: string): string {
  return markup.replace(/^(<link [^>]*\/>)+/, "");
}

function client(data: InitialData) {
  const queryClient = createQueryClient();
  primeQueryCache(queryClient, data, 0);
  return queryClient;
}

/** The app's markup at `url` with the page's embedded data, as hydrateRoot expects it. */
export async function renderPage(url: string, data: InitialData): Promise<string> {
  const { pathname } = new URL(url, "http://localhost");
  await preloadPage(pathname);
  return withoutHoistedLinks(
    renderToString(<App queryClient={client(data)} router={(p) => <StaticRouter location={url}>{p.children}</StaticRouter>} />),
  );
}

function fragment(url: string, data: InitialData, children: ReactNode): string {
  return withoutHoistedLinks(renderToString(
    <AppProviders queryClient={client(data)}>
      <StaticRouter location={url}>
        <RouteProviders>{children}</RouteProviders>
      </StaticRouter>
    </AppProviders>,
  ));
}

/** The header alone, as renderPage draws it at `url`. */
export function renderHeader(url: string, data: InitialData): string {
  return fragment(url, data, <Header />);
}

/** One webinar card alone, as a list at `url` draws it. */
export function renderCard(url: string, data: InitialData, webinar: unknown, props: { headingLevel: 2 | 3; priority: boolean }): string {
  return fragment(url, data, <WebinarCard webinar={zm.parse(webinarSchema, webinar)} {...props} />);
}
