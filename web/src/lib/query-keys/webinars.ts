/**
 * Query keys of webinars (shared: a purchase or registration elsewhere refreshes seats). Everything lives under ["webinars"],
 * so invalidating `webinarKeys.all` refreshes the public and admin views.
 */
export const webinarKeys = {
  all: ["webinars"] as const,
  lists: () => [...webinarKeys.all, "list"] as const,
  details: () => [...webinarKeys.all, "detail"] as const,
  detail: (id: string) => [...webinarKeys.details(), id] as const,
  admin: () => [...webinarKeys.all, "admin"] as const,
  adminList: () => [...webinarKeys.admin(), "list"] as const,
};
