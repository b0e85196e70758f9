import type { QueryClient } from "@tanstack/react-query";
import { primeAnnouncement } from "@/features/announcement";
import { primeSession } from "@/features/auth";
import { primeBackgrounds } from "@/features/settings";
import { primeSiteInfo } from "@/lib/site-settings/get-site-info";
import { primeWebinars } from "@/features/webinars";
import { primeWebinar } from "@/lib/webinars/get-webinar";
import { primeAppConfig } from "@/lib/app-config";

/** The id of the <script type="application/json"> the server fills in (internal/page). */
export const INITIAL_DATA_ID = "watchwin-data";

/**
 * The API answers the server embedded in the page (docs/api.md#pages),
 * each the body of the endpoint named beside it.
 */
export type InitialData = {
  config?: unknown; // GET /api/config
  site?: unknown; // GET /api/settings/site
  announcement?: unknown; // GET /api/settings/announcement
  backgrounds?: unknown; // GET /api/settings/backgrounds's backgrounds
  webinars?: unknown; // GET /api/webinars
  webinar?: unknown; // GET /api/webinars/{id}
  session?: unknown; // GET /api/auth/session, for a visitor without a session cookie
};

/** Reads the embedded data; {} when the page has none (the Vite dev server) or it does not parse. */
export function readInitialData(doc: Document = document): InitialData {
  const text = doc.getElementById(INITIAL_DATA_ID)?.textContent;
  if (!text) return {};
  try {
    const data: unknown = JSON.parse(text);
    return data && typeof data === "object" ? (data as InitialData) : {};
  } catch {
    return {};
  }
}

/**
 * Starts the query cache from the page's embedded data, so the first render
 * shows the page at once instead of skeletons. The webinars are at most as
 * old as the API's own list (about a second) and count as fresh; the
 * settings are marked stale, so the pages that show them refetch them after
 * the first render (an admin's change a moment ago then shows at once).
 */
export function primeQueryCache(client: QueryClient, data: InitialData, now = Date.now()) {
  primeAppConfig(client, data.config);
  primeSiteInfo(client, data.site, 0);
  primeAnnouncement(client, data.announcement, 0);
  primeBackgrounds(client, { backgrounds: data.backgrounds }, 0);
  if (data.webinars !== undefined) primeWebinars(client, data.webinars, now);
  if (data.webinar !== undefined) primeWebinar(client, data.webinar, now);
  if (data.session !== undefined) primeSession(client, data.session, now);
}
