import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { z } from "@/lib/zod";
import { adminUserKeys } from "./admin-user-keys";
import { authKeys } from "./keys";
import { sessionSchema, type Session } from "./session-schemas";

// The caller's second factor and sessions (docs/api.md, "Second factor and sessions").

export const securityKeys = {
  all: [...authKeys.all, "security"] as const,
  factor: () => [...securityKeys.all, "factor"] as const,
  sessions: () => [...securityKeys.all, "sessions"] as const,
};

const factorSchema = z.object({ enabled: z.boolean(), recovery_codes_left: z.number() });
export type FactorStatus = z.infer<typeof factorSchema>;

const setupSchema = z.object({ secret: z.string(), uri: z.string() });
export type FactorSetup = z.infer<typeof setupSchema>;

const recoverySchema = z.object({ recovery_codes: z.array(z.string()) });

const sessionInfoSchema = z.object({
  id: z.string(),
  device: z.string(),
  network: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
const sessionsSchema = z.object({ sessions: z.array(sessionInfoSchema) });

/** GET /api/account/second-factor: on or off, and how many recovery codes are left. */
export function useFactorStatus() {
  return useQuery({
    queryKey: securityKeys.factor(),
    queryFn: ({ signal }) => api.get("/api/account/second-factor", { schema: factorSchema, signal }),
  });
}

/** POST /api/account/second-factor/setup: a new authenticator key (otpauth URI and secret). */
export function useSetupFactor() {
  return useMutation({
    mutationFn: () => api.post("/api/account/second-factor/setup", undefined, { schema: setupSchema }),
  });
}

/** POST /api/account/second-factor/enable with the app's first code: the recovery codes, shown once. */
export function useEnableFactor() {
  return useMutation({
    mutationFn: (code: string) =>
      api.post("/api/account/second-factor/enable", { code }, { schema: recoverySchema }).then((b) => b.recovery_codes),
  });
}

/** POST /api/account/second-factor/disable: the password and a current code. */
export function useDisableFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { password: string; code: string }) => api.post("/api/account/second-factor/disable", input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.factor() }),
  });
}

/** POST /api/account/second-factor/recovery-codes: new codes (the old ones stop working). */
export function useRegenerateRecoveryCodes() {
  return useMutation({
    mutationFn: (code: string) =>
      api
        .post("/api/account/second-factor/recovery-codes", { code }, { schema: recoverySchema })
        .then((b) => b.recovery_codes),
  });
}

/** GET /api/account/sessions: where the account is signed in, the current one marked. */
export function useSessions() {
  return useQuery({
    queryKey: securityKeys.sessions(),
    queryFn: ({ signal }) => api.get("/api/account/sessions", { schema: sessionsSchema, signal }).then((b) => b.sessions),
  });
}

/** DELETE /api/account/sessions/{id}: ends one session (another browser, or this one). */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/account/sessions/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions() }),
  });
}

/** POST /api/account/sessions/end-others: "Sign out everywhere else". */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post("/api/account/sessions/end-others"),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions() }),
  });
}

/** POST /api/admin/users/{id}/sessions/end (admin): signs the account out everywhere. */
export function useEndUserSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post(`/api/admin/users/${encodeURIComponent(id)}/sessions/end`, undefined, {
        schema: z.object({ ended: z.number() }),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
  });
}

/** POST /api/auth/login/second-factor: the code that finishes a login; the session's body. */
export function useSecondStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post("/api/auth/login/second-factor", { code }, { schema: sessionSchema }),
    onSuccess: async (session: Session) => {
      queryClient.setQueryData(authKeys.session(), session);
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== "config" });
    },
  });
}
