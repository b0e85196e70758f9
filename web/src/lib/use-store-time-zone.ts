import { useAppConfig } from "@/lib/app-config";
import { DEFAULT_TIME_ZONE } from "@/lib/format";

/** The store's IANA time zone from /api/config (America/Chicago until it loads), for display. */
export function useStoreTimeZone(): string {
  const { data } = useAppConfig();
  return data?.timezone || DEFAULT_TIME_ZONE;
}

/**
 * The store's time zone for entering times: null until /api/config has
 * answered, so a form never reads wall-clock values in one zone and saves them
 * in another. The fallback zone is used only when the config cannot be loaded.
 */
export function useLoadedStoreTimeZone(): string | null {
  const { data, isError } = useAppConfig();
  if (data) return data.timezone || DEFAULT_TIME_ZONE;
  return isError ? DEFAULT_TIME_ZONE : null;
}
