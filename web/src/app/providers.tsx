import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { Outlet } from "react-router";
import { Toaster } from "@/components/ui/toaster";
import { AuthProvider } from "@/features/auth";
import { ErrorBoundary } from "@/features/errors";
import { ReserveSpotProvider } from "@/features/registration";
import { createQueryClient } from "./query-client";
import { ScrollToTop } from "./scroll-to-top";

/** Everything outside the router: error boundary, query cache, toasts. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ErrorBoundary>
      <QueryClientProvider client={client}>
        {children}
        <Toaster />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}

/**
 * Root route element: providers that need the router (auth navigates on
 * sign-out; the registration dialog behind 'Reserve Spot' navigates to the
 * watch page). `children` in place of the routes: the build's render of one
 * part of a page (app/server-render.tsx).
 */
export function RouteProviders({ children }: { children?: ReactNode }) {
  return (
    <AuthProvider>
      <ReserveSpotProvider>
        <ScrollToTop />
        {children ?? <Outlet />}
      </ReserveSpotProvider>
    </AuthProvider>
  );
}
