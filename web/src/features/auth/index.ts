// Public surface of the auth feature for the app shell and other features.
export { AuthPage } from "./components/auth-page";
export { ConfirmEmailPage } from "./components/confirm-email-page";
export { ForgotPasswordPage } from "./components/forgot-password-page";
export { ResetPasswordPage } from "./components/reset-password-page";
export { AuthProvider } from "./components/auth-provider";
export { LoginRedirect } from "./components/login-redirect";
export { RequireAuth } from "./components/require-auth";
export { RequireAdmin } from "./components/require-admin";
export { useAuth } from "./hooks/use-auth";
export { authKeys } from "./api/keys";
export type { Session } from "./api/schemas";

// Admin screen (users are accounts), loaded on first visit in its own chunk (app/router.tsx).
export const loadAdminUsersPage = () =>
  import("./components/admin/admin-users-page").then((m) => m.AdminUsersPage);
