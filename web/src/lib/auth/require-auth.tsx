import { useLayoutEffect, type ReactNode } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { storeRedirectAfterAuth } from "@/lib/redirect";
import { useAuth } from "./use-auth";

/** Sends the visitor to /auth, remembering where they wanted to go. */
export function RedirectToAuth() {
  const location = useLocation();
  const from = `${location.pathname}${location.search}`;
  // Layout effects run before <Navigate>'s effect, so the path is stored first.
  useLayoutEffect(() => {
    storeRedirectAfterAuth(from);
  }, [from]);
  return <Navigate to="/auth" replace state={{ from }} />;
}

/**
 * Renders its children (or the child routes) only for a signed-in user.
 * Use as a layout route: { element: <RequireAuth />, children: [...] }.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { user, loading } = useAuth();
  if (loading) return <PageSpinner label="Checking your session..." />;
  if (!user) return <RedirectToAuth />;
  return children ?? <Outlet />;
}
