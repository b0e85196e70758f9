/** Query and mutation keys of the auth feature. */
export const authKeys = {
  all: ["auth"] as const,
  session: () => [...authKeys.all, "session"] as const,
  login: () => [...authKeys.all, "login"] as const,
  signup: () => [...authKeys.all, "signup"] as const,
  logout: () => [...authKeys.all, "logout"] as const,
  forgotPassword: () => [...authKeys.all, "forgot-password"] as const,
  resetPassword: () => [...authKeys.all, "reset-password"] as const,
  confirmEmail: () => [...authKeys.all, "confirm-email"] as const,
  resendConfirmation: () => [...authKeys.all, "resend-confirmation"] as const,
};
