import { createContext, useContext } from "react";

/** What 'Reserve Spot' needs to know about a webinar. */
export type ReserveSpotTarget = { id: string; title: string };

/** Opens the registration dialog for a webinar. */
export type OpenRegistration = (webinar: ReserveSpotTarget) => void;

/**
 * The seam between the webinar pages and the registration dialog: the
 * registration feature provides the opener (it renders the dialog), the
 * webinars feature calls it from 'Reserve Spot'. Neither feature imports the
 * other for it, and app/ composes the two (app/providers.tsx).
 */
export const ReserveSpotContext = createContext<OpenRegistration | null>(null);

/** The opener, or null outside the provider. */
export function useOpenRegistration(): OpenRegistration | null {
  return useContext(ReserveSpotContext);
}
