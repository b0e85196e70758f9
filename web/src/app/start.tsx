import { startTransition, StrictMode, useLayoutEffect, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { primeQueryCache, readInitialData } from "./initial-data";
import { AppProviders } from "./providers";
import { createQueryClient } from "./query-client";
import { AppRoutes, preloadPage } from "./router";
import { handOver } from "./server-paint";

/** Takes over from the server's paint once React's first render is on the page. */
function HandOver({ children }: { children: ReactNode }) {
  useLayoutEffect(handOver, []);
  return children;
}

/**
 * Starts the SPA in #root. The first URL's page code loads before the first
 * render, so React's first paint is the page itself, not a loading spinner;
 * a failed load renders anyway and the page's error boundary shows it. The
 * first render is a transition, so React yields to the browser every few
 * milliseconds instead of holding a phone's main thread for the whole page
 * (the server's first paint stays on screen until React's replaces it).
 */
export async function start() {
  const queryClient = createQueryClient();
  primeQueryCache(queryClient, readInitialData());
  await preloadPage(window.location.pathname).catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve)); // the page's module ran in this task
  const root = createRoot(document.getElementById("root")!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <HandOver>
          <AppProviders queryClient={queryClient}>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </AppProviders>
        </HandOver>
      </StrictMode>,
    );
  });
}
