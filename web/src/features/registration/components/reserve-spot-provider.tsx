import { useCallback, useState, type ReactNode } from "react";
import { ReserveSpotContext, type OpenRegistration, type ReserveSpotTarget } from "@/lib/reserve-spot";
import { RegistrationDialog } from "./registration-dialog";

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
        <RegistrationDialog
          key={current.opening}
          webinar={current.webinar}
          open={open}
          onOpenChange={setOpen}
        />
      )}
    </ReserveSpotContext.Provider>
  );
}
