import { useAppConfig } from "@/lib/app-config";
import { DEFAULT_TIME_ZONE } from "../lib/format";

/** The store's IANA time zone from /api/config (America/Chicago until it loads). */
export function useStoreTimeZone(): string {
  const { data } = useAppConfig();
  return data?.timezone || DEFAULT_TIME_ZONE;
}
