import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { retryTransient } from "@/lib/retry";
import { registrationKeys } from "@/lib/query-keys/registrations";
import { myRegistrationListSchema, type MyRegistration } from "@/lib/registrations/schemas";

/** GET /api/registrations: my registrations with their webinar, newest first. */
async function getMyRegistrations(signal?: AbortSignal): Promise<MyRegistration[]> {
  const { registrations } = await api.get("/api/registrations", { schema: myRegistrationListSchema, signal });
  return registrations;
}

/** docs/product.md#timings-and-constants: registrations are stale after 5 minutes. */
const myRegistrationsQueryOptions = () =>
  queryOptions({
    queryKey: registrationKeys.mine(),
    queryFn: ({ signal }) => getMyRegistrations(signal),
    staleTime: 5 * 60_000,
    retry: retryTransient(1),
  });

export function useMyRegistrations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...myRegistrationsQueryOptions(), enabled });
}
