/** Query and mutation keys of the auth feature. */
export const authKeys = {
  all: ["auth"] as const,
  session: () => [...authKeys.all, "session"] as const,
  login: () => [...authKeys.all, "login"] as const,
  signup: () => [...authKeys.all, "signup"] as const,
  logout: () => [...authKeys.all, "logout"] as const,
};
