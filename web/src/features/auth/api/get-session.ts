import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { zm } from "@/lib/zod";
import { authKeys } from "@/lib/auth/keys";
import { sessionSchema, type Session } from "@/lib/auth/session-schemas";

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

/**
 * Starts the session query from the page's embedded answer (app/initial-data.ts):
 * a visitor the server saw without a session cookie is nobody, known without
 * a request or a "Checking your session..." spinner.
 */
export function primeSession(client: QueryClient, body: unknown, updatedAt: number) {
  const parsed = zm.safeParse(sessionSchema, body);
  if (parsed.success) client.setQueryData(sessionQueryOptions.queryKey, parsed.data, { updatedAt });
}
