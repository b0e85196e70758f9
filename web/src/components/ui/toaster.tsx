import { lazy, Suspense, useSyncExternalStore } from "react";
import { toastRequests } from "@/lib/toast";

// Loads with the first toast (lib/toast.ts), not with the page.
const SonnerToaster = lazy(() => import("./sonner-toaster"));

/** Where toasts show; mounts sonner's Toaster once the app asks for a toast. */
export function Toaster() {
  const started = useSyncExternalStore(toastRequests.subscribe, toastRequests.started, () => false);
  if (!started) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
