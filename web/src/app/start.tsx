import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./app";
import { primeQueryCache, readInitialData } from "./initial-data";
import { createQueryClient } from "./query-client";
import { preloadPage } from "./router";

/**
 * Starts the SPA in #root. The first URL's page code loads before the first
 * render, so React's first render is the page itself. A root the server
 * painted holds React's own markup of that page and data (the build renders
 * it, docs/api.md#pages): React hydrates it, adopting the elements as they
 * are, so what a visitor typed or pressed meanwhile stays. A mismatch is
 * reported as an error (the e2e tests fail on it). Either is a transition,
 * so React yields to the browser every few milliseconds instead of holding a
 * phone's main thread for the whole page; a press on a part not yet adopted
 * makes React adopt that part first and then handle the press.
 */
export async function start() {
  const queryClient = createQueryClient();
  primeQueryCache(queryClient, readInitialData());
  await preloadPage(window.location.pathname).catch(() => undefined);
  const element = document.getElementById("root")!;
  const app = <App queryClient={queryClient} router={BrowserRouter} />;
  startTransition(() => {
    if (element.hasChildNodes()) {
      hydrateRoot(element, app, { onRecoverableError: (error) => reportError(error) });
    } else {
      createRoot(element).render(app);
    }
  });
}
