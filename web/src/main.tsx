import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { primeQueryCache, readInitialData } from "@/app/initial-data";
import { AppProviders } from "@/app/providers";
import { createQueryClient } from "@/app/query-client";
import { AppRoutes, preloadPage } from "@/app/router";
import "./index.css";

const queryClient = createQueryClient();
primeQueryCache(queryClient, readInitialData());

// The first URL's page code loads before the first render, so React's first
// paint is the page itself, not a loading spinner; a failed load renders
// anyway and the page's error boundary shows it.
void preloadPage(window.location.pathname)
  .catch(() => undefined)
  .then(() => {
    createRoot(document.getElementById("root")!).render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    );
  });
