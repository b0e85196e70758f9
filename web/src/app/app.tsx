import type { QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { AppProviders } from "./providers";
import { AppRoutes } from "./router";

/**
 * The whole app under a router: the browser's (app/start.tsx) or a static
 * one (app/server-render.tsx, the build's render of the first paint). Both
 * sides render this same tree, so the markup the build renders is the markup
 * React hydrates (docs/api.md#pages).
 */
export function App({ queryClient, router: Router }: { queryClient: QueryClient; router: (props: { children: ReactNode }) => ReactNode }) {
  return (
    <AppProviders queryClient={queryClient}>
      <Router>
        <AppRoutes />
      </Router>
    </AppProviders>
  );
}
