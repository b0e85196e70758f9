import { useCallback } from "react";
import { useNavigate } from "react-router";
import { useAuth } from "@/lib/auth/use-auth";
import { storeRedirectAfterAuth } from "@/lib/redirect";
import { webinarPath } from "@/lib/paths";
import { useOpenRegistration, type ReserveSpotTarget } from "@/lib/reserve-spot";
import { notify } from "@/lib/toast";

/** Where 'Reserve Spot' sends a visitor who is not signed in. */
export function reserveSpotLoginPath(id: string): string {
  return `/auth?webinarId=${encodeURIComponent(id)}`;
}

/**
 * What 'Reserve Spot' / 'Reserve Your Spot' does (docs/product.md#webinar-list-and-card, docs/product.md#registration-dialog).
 *
 * Anonymous visitors: toast 'Login Required', remember the webinar page for
 * after login, go to /auth?webinarId={id}. Signed-in users: the registration
 * dialog opens, whatever seats are left: seats cap paid coupons, not who may
 * register and watch (docs/product.md#seats), and an already-registered user reaches the
 * watch page through the dialog's check.
 */
export function useReserveSpot() {
  const { user, loading } = useAuth();
  const navigate = useNavigate();
  const openRegistration = useOpenRegistration();

  return useCallback(
    (webinar: ReserveSpotTarget) => {
      if (loading) return; // the session check is still running; a click now would guess
      if (!user) {
        notify.info("Login Required", "Please log in to register for webinars");
        storeRedirectAfterAuth(webinarPath(webinar.id));
        navigate(reserveSpotLoginPath(webinar.id));
        return;
      }
      if (openRegistration) {
        openRegistration({ id: webinar.id, title: webinar.title });
        return;
      }
      // Outside the app's providers (never in the app): the detail page still has the facts.
      navigate(webinarPath(webinar.id));
    },
    [loading, user, navigate, openRegistration],
  );
}
