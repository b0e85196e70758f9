import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { authKeys } from "@/lib/auth/keys";
import { sessionSchema, type Session } from "@/lib/auth/session-schemas";
import { z } from "@/lib/zod";
import { securityKeys } from "./security";

// Passkeys (docs/api.md#passkeys): the caller's list, adding one after the
// password, renaming, removing, and signing in with one.

export const passkeyKeys = { list: () => [...securityKeys.all, "passkeys"] as const };

const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** The authenticator said, at its last use, that the passkey is synced to other devices. */
  backed_up: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** The server's options, as go-webauthn writes them: {publicKey: …}. */
type Creation = { publicKey: PublicKeyCredentialCreationOptionsJSON };
type Request = { publicKey: PublicKeyCredentialRequestOptionsJSON };

/** GET /api/account/passkeys: the caller's passkeys, the oldest first. */
export function usePasskeys() {
  return useQuery({
    queryKey: passkeyKeys.list(),
    queryFn: ({ signal }) =>
      api.get("/api/account/passkeys", { schema: z.object({ passkeys: z.array(passkeySchema) }), signal }).then((b) => b.passkeys),
  });
}

/** Adding a passkey: the password (omitted when this session checked it in the last 5 minutes) and its name. */
export type AddPasskeyInput = { password?: string; name: string };

/** POST /api/account/passkeys/begin, the browser's passkey prompt, then POST /api/account/passkeys. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ password, name }: AddPasskeyInput) => {
      const options = await api.post<Creation>("/api/account/passkeys/begin", password ? { password } : undefined);
      const { startRegistration } = await import("@simplewebauthn/browser");
      const credential = await startRegistration({ optionsJSON: options.publicKey });
      return api.post("/api/account/passkeys", { name, credential }, { schema: z.object({ passkey: passkeySchema }) });
    },
    // The account's factor status changes with its first passkey (staff enrolment).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.all }),
  });
}

/** PATCH /api/account/passkeys/{id}: a new name. */
export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api.patch(`/api/account/passkeys/${encodeURIComponent(id)}`, { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.list() }),
  });
}

/** POST /api/account/passkeys/{id}/remove with the password (omitted when recent). */
export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, password }: { id: string; password?: string }) =>
      api.post(`/api/account/passkeys/${encodeURIComponent(id)}/remove`, password ? { password } : undefined),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.all }),
  });
}

/**
 * Signs in with a passkey: POST /api/auth/passkey/begin, the browser's prompt
 * (or, with autofill, the e-mail field's suggestions: it waits until the
 * person picks a passkey there), then POST /api/auth/passkey/finish.
 */
async function passkeySignIn(autofill: boolean): Promise<Session> {
  const options = await api.post<Request>("/api/auth/passkey/begin");
  const { startAuthentication } = await import("@simplewebauthn/browser");
  const credential = await startAuthentication({ optionsJSON: options.publicKey, useBrowserAutofill: autofill });
  return api.post("/api/auth/passkey/finish", { credential }, { schema: sessionSchema });
}

/** The browser offers passkeys in the e-mail field's autofill (conditional mediation). */
export async function passkeyAutofillAvailable(): Promise<boolean> {
  const { browserSupportsWebAuthnAutofill } = await import("@simplewebauthn/browser");
  return browserSupportsWebAuthnAutofill();
}

/**
 * A prompt the person closed, or one replaced by another (the button cancels
 * the autofill's): nothing to report.
 */
export function passkeyCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError" ||
    ("code" in error && error.code === "ERROR_CEREMONY_ABORTED"));
}

export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...authKeys.login(), "passkey"],
    mutationFn: (autofill: boolean) => passkeySignIn(autofill),
    onSuccess: async (session) => {
      queryClient.setQueryData(authKeys.session(), session);
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== "config" });
    },
  });
}
