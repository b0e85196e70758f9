import { lazy, Suspense, useCallback, useState, type ReactNode } from "react";
import { Spinner } from "@/components/ui/spinner";
import { ReserveSpotContext, type OpenRegistration, type ReserveSpotTarget } from "@/lib/reserve-spot";

// The dialog and its form code load on the first 'Reserve Spot', not with the page.
const RegistrationDialog = lazy(() => import("./registration-dialog").then((m) => ({ default: m.RegistrationDialog })));

/** Shown over the page while the dialog's code loads (fixed, so nothing moves). */
function DialogLoading() {
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-black/60">
      <Spinner className="size-8" label="Loading registration" />
    </div>
  );
}

/**
 * Provides the opener that 'Reserve Spot' calls for signed-in users and
 * renders the registration dialog. Lives inside the router and AuthProvider
 * (app/providers.tsx), above the pages, so a navigation the dialog scheduled
 * survives the dialog closing.
 */
export function ReserveSpotProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<{ webinar: ReserveSpotTarget; opening: number } | null>(null);
  const [open, setOpen] = useState(false);

  const openRegistration = useCallback<OpenRegistration>((webinar) => {
    // Each opening is a fresh dialog (new check, new form, no old timers).
    setCurrent((prev) => ({ webinar: { id: webinar.id, title: webinar.title }, opening: (prev?.opening ?? 0) + 1 }));
    setOpen(true);
  }, []);
  return (
    <ReserveSpotContext.Provider value={openRegistration}>
      {children}
      {current && (
        <Suspense fallback={open ? <DialogLoading /> : null}>
          <RegistrationDialog
            key={current.opening}
            webinar={current.webinar}
            open={open}
            onOpenChange={setOpen}
          />
        </Suspense>
      )}
    </ReserveSpotContext.Provider>
  );
}
