import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { notify } from "@/lib/toast";
import { useSession } from "../api/get-session";
import { clearLocalAuthState, useLogout } from "../api/logout";
import { AuthContext, type AuthContextValue } from "@/lib/auth/use-auth";
import { takeFormFlash } from "@/lib/form-flash";
import { notifySignedIn } from "../lib/notices";
import { postLoginTarget } from "../lib/post-login-target";

/**
 * Provides useAuth(). Lives inside the router (it navigates on sign-out).
 * The session comes from GET /api/auth/session; a failed check counts as
 * logged out rather than blocking the site.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const session = useSession();
  const logout = useLogout();
  const [signingOut, setSigningOut] = useState(false);

  // The login form posted before the app started, and the server signed in
  // and sent the browser on (lib/form-flash.ts): the same toast, and a
  // remembered redirect wins over home as after the SPA's own login.
  useEffect(() => {
    if (!takeFormFlash((f) => f.outcome === "signed_in")) return;
    notifySignedIn();
    const target = postLoginTarget(null);
    if (window.location.pathname === "/" && target !== "/") void navigate(target, { replace: true });
  }, [navigate]);

  const user = session.data?.user ?? null;
  const profile = user ? (session.data?.profile ?? null) : null;
  const loading = session.isPending;
  const enrolmentRequired = Boolean(user && session.data?.enrolment_required);

  const signOut = useCallback(async () => {
    setSigningOut(true);
    let failed = false;
    try {
      await logout.mutateAsync();
    } catch {
      failed = true;
    }
    // Leave any protected page first (synchronously), so guards never see
    // the anonymous state and store a redirect back to it.
    await navigate("/", { flushSync: true });
    clearLocalAuthState(queryClient);
    setSigningOut(false);
    if (failed) {
      notify.error(
        "Error signing out",
        "You have been signed out locally, but there was an error communicating with the server.",
      );
    } else {
      notify.success("Signed out", "You have been successfully signed out.");
    }
  }, [logout, navigate, queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      profile,
      isAdmin: profile?.role === "admin",
      canUseCounter: profile?.role === "staff" || profile?.role === "admin",
      enrolmentRequired,
      loading,
      signOut,
      signingOut,
    }),
    [user, profile, enrolmentRequired, loading, signOut, signingOut],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
