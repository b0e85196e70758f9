import { createContext, useContext } from "react";
import type { Profile, User } from "./session-schemas";

export type AuthContextValue = {
  user: User | null;
  profile: Profile | null;
  /** True only when the profile's role is 'admin'. */
  isAdmin: boolean;
  /** True when the role may use the counter (/counter): 'staff' or 'admin' (docs/api.md#counter). */
  canUseCounter: boolean;
  /** The session reaches only the second factor's enrolment (WATCHWIN_REQUIRE_2FA_FOR_STAFF). */
  enrolmentRequired: boolean;
  /** True until the first session check has finished. */
  loading: boolean;
  /**
   * Logs out on the server, then always clears local auth state, navigates to
   * "/" and shows the toast of docs/product.md#texts-users-see (success or "signed out locally").
   */
  signOut: () => Promise<void>;
  signingOut: boolean;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

/** Current user, profile and role. Must be used under <AuthProvider>. */
export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error("useAuth must be used inside <AuthProvider>");
  return ctx;
}
