// Public surface of the auth feature for the app shell and other features.
export { AuthProvider } from "./components/auth-provider";
export { LoginRedirect } from "./components/login-redirect";
export { RequireAdmin } from "./components/require-admin";
export { EnrolmentGate } from "./components/enrolment-gate";
// My Dashboard's Security tab (the dashboard page loads it in its own chunk).
export { SecurityPanel } from "./components/security/security-panel";
export { primeSession } from "./api/get-session";

// Pages with forms (login and sign-up, the account e-mail pages), each loaded
// on first visit in its own chunk (app/router.tsx).
export const loadAuthPage = () => import("./components/auth-page").then((m) => m.AuthPage);
export const loadConfirmEmailPage = () =>
  import("./components/confirm-email-page").then((m) => m.ConfirmEmailPage);
export const loadForgotPasswordPage = () =>
  import("./components/forgot-password-page").then((m) => m.ForgotPasswordPage);
export const loadResetPasswordPage = () =>
  import("./components/reset-password-page").then((m) => m.ResetPasswordPage);
export const loadNotMinePage = () => import("./components/not-mine-page").then((m) => m.NotMinePage);
export const loadEnrolmentLinkPage = () =>
  import("./components/security/enrolment-link").then((m) => m.EnrolmentLinkPage);

// Admin screen (users are accounts), loaded on first visit in its own chunk (app/router.tsx).
export const loadAdminUsersPage = () =>
  import("./components/admin/admin-users-page").then((m) => m.AdminUsersPage);
