import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { z } from "@/lib/zod";
import { adminUserKeys } from "./admin-user-keys";
import { authKeys } from "@/lib/auth/keys";
import { sessionSchema, type Session } from "@/lib/auth/session-schemas";

// The caller's second factor and sessions (docs/api.md#second-factor-and-sessions).

export const securityKeys = {
  all: [...authKeys.all, "security"] as const,
  factor: () => [...securityKeys.all, "factor"] as const,
  sessions: () => [...securityKeys.all, "sessions"] as const,
};

const factorSchema = z.object({
  enabled: z.boolean(),
  recovery_codes_left: z.number(),
  /** This session must open the mailed enrolment link before setting up (WATCHWIN_REQUIRE_2FA_FOR_STAFF). */
  enrolment_link_required: z.boolean(),
});
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

/**
 * What a change of the second factor sends: the current password (the server
 * lets it out when this session checked it in the last 5 minutes: 403
 * password_required otherwise) and, where the change needs one, a code.
 */
export type FactorInput = { password?: string; code?: string };

/** POST /api/account/second-factor/setup with the password: a new authenticator key (otpauth URI and secret). */
export function useSetupFactor() {
  return useMutation({
    mutationFn: (input: FactorInput) => api.post("/api/account/second-factor/setup", input, { schema: setupSchema }),
  });
}

/** POST /api/account/second-factor/enable with the app's first code: the recovery codes, shown once. */
export function useEnableFactor() {
  return useMutation({
    mutationFn: (input: FactorInput) =>
      api.post("/api/account/second-factor/enable", input, { schema: recoverySchema }).then((b) => b.recovery_codes),
  });
}

/** POST /api/account/second-factor/disable: the password and a current code. */
export function useDisableFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FactorInput) => api.post("/api/account/second-factor/disable", input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.factor() }),
  });
}

/** POST /api/account/second-factor/recovery-codes: the password and a code; new codes (the old ones stop working). */
export function useRegenerateRecoveryCodes() {
  return useMutation({
    mutationFn: (input: FactorInput) =>
      api
        .post("/api/account/second-factor/recovery-codes", input, { schema: recoverySchema })
        .then((b) => b.recovery_codes),
  });
}

/** POST /api/account/second-factor/enrolment-link: mails an enrolling staff or admin account its enrolment link. */
export function useMailEnrolmentLink() {
  return useMutation({ mutationFn: () => api.post("/api/account/second-factor/enrolment-link") });
}

/** POST /api/account/second-factor/enrolment-link/open: this session opened the mailed link and may set up. */
export function useOpenEnrolmentLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post("/api/account/second-factor/enrolment-link/open", { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.factor() }),
  });
}

/** POST /api/auth/second-factor/not-mine: the notice's "this wasn't me" link; every session of the account ends. */
export function useNotMine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      api.post("/api/auth/second-factor/not-mine", { token }, { schema: z.object({ factor_removed: z.boolean() }) }),
    // This browser's session may have been one of them.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.session() }),
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
