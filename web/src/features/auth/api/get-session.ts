import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { authKeys } from "./keys";
import { sessionSchema, type Session } from "./session-schemas";

/** GET /api/auth/session: who is logged in ({user:null} when nobody). */
function getSession(signal?: AbortSignal): Promise<Session> {
  return api.get("/api/auth/session", { schema: sessionSchema, signal });
}

const sessionQueryOptions = queryOptions({
  queryKey: authKeys.session(),
  queryFn: ({ signal }) => getSession(signal),
  staleTime: 60_000,
  retry: 1,
});

export function useSession() {
  return useQuery(sessionQueryOptions);
}
