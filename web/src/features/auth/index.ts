// Public surface of the auth feature for the app shell and other features.
export { AuthPage } from "./components/auth-page";
export { AuthProvider } from "./components/auth-provider";
export { LoginRedirect } from "./components/login-redirect";
export { RedirectToAuth, RequireAuth } from "./components/require-auth";
export { RequireAdmin } from "./components/require-admin";
export { useAuth, type AuthContextValue } from "./hooks/use-auth";
export { authKeys } from "./api/keys";
export { sessionQueryOptions, useSession } from "./api/get-session";
export type { Profile, Session, User } from "./api/schemas";
