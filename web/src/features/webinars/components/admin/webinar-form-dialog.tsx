import { useState } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { AdminWebinar } from "../../api/schemas";
import { WebinarForm } from "./webinar-form";

type WebinarFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this webinar; create a new one when absent. */
  webinar?: AdminWebinar | null;
};

/** 'Create New Webinar' / 'Edit Webinar'. It stays open while a save or an upload runs. */
export function WebinarFormDialog({ open, onOpenChange, webinar }: WebinarFormDialogProps) {
  const [busy, setBusy] = useState(false);
  const close = () => {
    setBusy(false);
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : !busy && close())}>
      <DialogContent
        className="max-w-2xl"
        hideClose={busy}
        // A stray click outside must not throw away a half-filled form.
        onInteractOutside={(e) => e.preventDefault()}
        // Focus the title without selecting it (Radix selects), so a keystroke cannot wipe it.
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          document.getElementById("webinar-title")?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{webinar ? "Edit Webinar" : "Create New Webinar"}</DialogTitle>
          <DialogDescription>
            {webinar
              ? "Change the details below. Registrations and paid seats are kept."
              : "Fill in the details of the new webinar. It is listed on the site while it is active."}
          </DialogDescription>
        </DialogHeader>
        {open && (
          <WebinarForm
            key={webinar?.id ?? "new"}
            webinar={webinar ?? undefined}
            onDone={close}
            onCancel={close}
            onBusyChange={setBusy}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
