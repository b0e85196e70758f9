import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { useAuth } from "@/features/auth";
import { storeRedirectAfterAuth } from "@/lib/redirect";
import { notify } from "@/lib/toast";

/** The detail page of a webinar. */
export function webinarPath(id: string): string {
  return `/webinar/${encodeURIComponent(id)}`;
}

/**
 * What 'Reserve Spot' / 'Reserve Your Spot' does (SPEC.md §2).
 *
 * Anonymous visitors: toast 'Login Required', remember the webinar page for
 * after login, go to /auth?webinarId={id}. Signed-in users: the registration
 * dialog belongs here once it exists (watch issue); until then they are taken
 * to the webinar's detail page.
 */
export function useReserveSpot() {
  const { user, loading } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  return useCallback(
    (webinar: { id: string }) => {
      if (loading) return; // the session check is still running; a click now would guess
      const detail = webinarPath(webinar.id);
      if (!user) {
        notify.info("Login Required", "Please log in to register for webinars");
        storeRedirectAfterAuth(detail);
        navigate(`/auth?webinarId=${encodeURIComponent(webinar.id)}`);
        return;
      }
      if (pathname !== detail) {
        navigate(detail);
        return;
      }
      // Already on the detail page and registration is not built yet.
      notify.info("Registration opens soon", "Online registration for this webinar is not open yet.");
    },
    [loading, user, navigate, pathname],
  );
}
