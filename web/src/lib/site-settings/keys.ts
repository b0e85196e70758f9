/** Query keys of site settings. */
export const settingsKeys = {
  all: ["settings"] as const,
  site: () => [...settingsKeys.all, "site"] as const,
  backgrounds: () => [...settingsKeys.all, "backgrounds"] as const,
  admin: () => [...settingsKeys.all, "admin"] as const,
};
