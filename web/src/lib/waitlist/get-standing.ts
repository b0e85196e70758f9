import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { waitlistKeys } from "@/lib/query-keys/waitlist";
import { retryTransient } from "@/lib/retry";
import { waitlistStandingSchema, type WaitlistStanding } from "./schemas";

/** The path of a webinar's waiting list for the signed-in user (GET, POST, DELETE). */
export function waitlistPath(webinarId: string): string {
  return `/api/webinars/${encodeURIComponent(webinarId)}/waitlist`;
}

/** GET /api/webinars/{id}/waitlist (user): my standing on the webinar's waiting list. */
function getStanding(webinarId: string, signal?: AbortSignal): Promise<WaitlistStanding> {
  return api.get(waitlistPath(webinarId), { schema: waitlistStandingSchema, signal });
}

/**
 * My standing on a webinar's waiting list; only asks the server when `enabled` (a signed-in
 * registrant). Stale after 10 s like the registration status: my place moves as others leave.
 */
export function useWaitlistStanding(webinarId: string | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: waitlistKeys.standing(webinarId ?? ""),
    queryFn: ({ signal }) => getStanding(webinarId ?? "", signal),
    enabled: enabled && Boolean(webinarId),
    staleTime: 10_000,
    retry: retryTransient(1),
  });
}

/** Whether a seat is held for me (a waiting-list offer): I may buy even when no seat is left for others. */
export function isSeatHeldForMe(standing: WaitlistStanding | undefined): boolean {
  return standing?.status === "offered";
}
