import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { retryTransient } from "@/lib/retry";
import { registrationKeys } from "@/lib/query-keys/registrations";
import { registrationStatusSchema, type Registration } from "./schemas";

/** GET /api/webinars/{id}/registration: my registration, or null when I have none. */
async function getRegistration(webinarId: string, signal?: AbortSignal): Promise<Registration | null> {
  const { registration } = await api.get(`/api/webinars/${encodeURIComponent(webinarId)}/registration`, {
    schema: registrationStatusSchema,
    signal,
  });
  return registration;
}

/** docs/product.md#timings-and-constants: the registration status is stale after 10 s and retried once. */
export const registrationQueryOptions = (webinarId: string) =>
  queryOptions({
    queryKey: registrationKeys.forWebinar(webinarId),
    queryFn: ({ signal }) => getRegistration(webinarId, signal),
    staleTime: 10_000,
    retry: retryTransient(1),
  });

/** My registration for a webinar; only asks the server when `enabled` (a signed-in user). */
export function useRegistration(webinarId: string | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...registrationQueryOptions(webinarId ?? ""), enabled: enabled && Boolean(webinarId) });
}
