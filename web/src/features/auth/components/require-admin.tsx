import type { ReactNode } from "react";
import { Navigate, Outlet } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { useAuth } from "@/lib/auth/use-auth";
import { RedirectToAuth } from "@/lib/auth/require-auth";

/**
 * Admin-only routes: anonymous visitors go to /auth (path kept), signed-in
 * non-admins go to "/". The server checks the role again on every call.
 */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { user, isAdmin, loading } = useAuth();
  if (loading) return <PageSpinner label="Checking your session..." />;
  if (!user) return <RedirectToAuth />;
  if (!isAdmin) return <Navigate to="/" replace />;
  return children ?? <Outlet />;
}
