import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the build's server render and while React adopts that markup
 * (hydrateRoot), true after: for a part the first paint leaves out because
 * it shows what only the browser knows (docs/api.md#pages).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
