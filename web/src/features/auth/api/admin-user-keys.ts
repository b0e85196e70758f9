/**
 * Query keys of the admin's user list. Not under ["auth"]: signing out resets
 * every query outside ["auth"], and this list must go with the admin's session.
 */
export const adminUserKeys = {
  all: ["users"] as const,
  list: () => [...adminUserKeys.all, "admin", "list"] as const,
};
