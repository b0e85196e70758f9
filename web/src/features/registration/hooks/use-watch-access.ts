import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { useAuth } from "@/lib/auth/use-auth";
import { webinarPath, webinarWatchPath } from "@/lib/paths";
import { storeRedirectAfterAuth } from "@/lib/redirect";
import { notify } from "@/lib/toast";
import { registrationQueryOptions } from "@/lib/registrations/get-registration";
import { ACCESS_DENIED_REDIRECT_MS, nextAccessStep, type AccessCheckResult } from "../lib/access-check";
import { clearTempRegistration, isTempRegistrationValid, readTempRegistration } from "../lib/temp-registration";

export type WatchAccess =
  /** The session or the registration is still being checked (retries included). */
  | { status: "checking" }
  /** No user: a toast and a redirect to /auth?webinarId are on their way. */
  | { status: "unauthenticated" }
  /** The server has my registration. */
  | { status: "allowed" }
  /** The server has not confirmed it yet, but a fresh marker from the dialog lets me in. */
  | { status: "temporary" }
  /** Refused; the page leaves for the webinar's detail page after 500 ms. */
  | { status: "denied"; reason: "required" | "verification_failed" };


/**
 * The watch access check of docs/product.md#states-and-transitions, for the watch page:
 * - no user: toast 'Authentication required', remember the watch page, go to
 *   /auth?webinarId={id};
 * - registration found: allowed, and the temporary marker is cleared;
 * - none: asked again up to 5 times (lib/access-check.ts has the schedule);
 *   then a valid temporary marker allows viewing ('Using temporary
 *   registration'), else 'Registration required' (or 'Registration
 *   verification failed' when the requests failed) and the detail page after 500 ms.
 * Nothing happens while `enabled` is false (the page shows an error instead).
 */
export function useWatchAccess(webinarId: string, { enabled = true }: { enabled?: boolean } = {}): WatchAccess {
  const { user, loading } = useAuth();
  const userId = user?.id ?? null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The result belongs to one webinar and user; another pair starts over as "checking".
  const key = `${webinarId}:${userId ?? ""}`;
  const [result, setResult] = useState<{ key: string; access: WatchAccess } | null>(null);

  useEffect(() => {
    if (loading || !enabled) return;
    if (!userId) {
      notify.error("Authentication required", "Please log in to watch this webinar");
      storeRedirectAfterAuth(webinarWatchPath(webinarId));
      navigate(`/auth?webinarId=${encodeURIComponent(webinarId)}`, { replace: true });
      return;
    }

    let cancelled = false;
    let timer: number | undefined;
    const wait = (ms: number) =>
      new Promise<void>((resolve) => {
        timer = window.setTimeout(resolve, ms);
      });
    const settle = (access: WatchAccess) => setResult({ key, access });

    const run = async () => {
      const marker = readTempRegistration();
      const hasMarker = marker !== null && marker.webinarId === webinarId && marker.userId === userId;
      for (let retriesDone = 0; ; retriesDone += 1) {
        let check: AccessCheckResult;
        try {
          // The first look may use a fresh cached answer (the dialog just stored one); retries ask the server.
          const registration = await queryClient.fetchQuery({
            ...registrationQueryOptions(webinarId),
            staleTime: retriesDone === 0 ? 10_000 : 0,
          });
          check = { found: registration !== null, errored: false };
        } catch {
          check = { found: false, errored: true };
        }
        if (cancelled) return;

        const step = nextAccessStep(check, {
          retriesDone,
          hasMarker,
          markerValid: isTempRegistrationValid(readTempRegistration(), webinarId, userId),
        });
        switch (step.kind) {
          case "allow":
            clearTempRegistration();
            settle({ status: "allowed" });
            return;
          case "retry":
            await wait(step.delay);
            if (cancelled) return;
            continue;
          case "temporary":
            notify.info("Using temporary registration", "Your registration is still being confirmed. Enjoy the webinar.");
            settle({ status: "temporary" });
            return;
          case "deny":
            if (step.reason === "verification_failed") {
              notify.error("Registration verification failed", "We couldn't verify your registration. Please try again.");
            } else {
              notify.error("Registration required", "Please register for this webinar to watch it.");
            }
            settle({ status: "denied", reason: step.reason });
            timer = window.setTimeout(() => navigate(webinarPath(webinarId), { replace: true }), ACCESS_DENIED_REDIRECT_MS);
            return;
        }
      }
    };
    void run();
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [loading, enabled, userId, webinarId, key, navigate, queryClient]);

  if (loading) return { status: "checking" };
  if (!userId) return { status: "unauthenticated" };
  if (result?.key === key) return result.access;
  return { status: "checking" };
}
