import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { waitlistKeys } from "@/lib/query-keys/waitlist";
import { webinarKeys } from "@/lib/query-keys/webinars";
import { holdEnded, holdTimeLeft } from "../lib/hold-time";

/** How often the countdown of a held seat is redrawn: it shows minutes. */
const TICK_MS = 30_000;

/**
 * What is left of the seat held for me ('23h 5m left'), redrawn every 30 s. When the hold ends,
 * my standing and the webinar are asked again: the seat went to the next person.
 */
export function useHoldCountdown(webinarId: string, expiresAt: string): string {
  const queryClient = useQueryClient();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const ended = holdEnded(expiresAt, now);
  useEffect(() => {
    if (!ended) return;
    void queryClient.invalidateQueries({ queryKey: waitlistKeys.standing(webinarId) });
    void queryClient.invalidateQueries({ queryKey: webinarKeys.detail(webinarId) });
  }, [ended, queryClient, webinarId]);
  return holdTimeLeft(expiresAt, now);
}
