import { useState, type ReactNode } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import type { AdminWebinar } from "@/lib/webinars/schemas";
import { useLoadedStoreTimeZone } from "@/lib/use-store-time-zone";
import { WebinarForm, type VideoUploadSlotProps } from "./webinar-form";

type WebinarFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this webinar; create a new one when absent. */
  webinar?: AdminWebinar | null;
  /** The uploaded-video part of the form (app/ fills it from the videos feature). */
  renderVideoUpload?: (props: VideoUploadSlotProps) => ReactNode;
};

/**
 * 'Create New Webinar' / 'Edit Webinar'. It stays open while a save or an upload runs, and after
 * creating a webinar with an uploaded video, as that webinar's edit form, for its upload.
 */
export function WebinarFormDialog({ open, onOpenChange, webinar: given, renderVideoUpload }: WebinarFormDialogProps) {
  const [busy, setBusy] = useState(false);
  // A new webinar with an uploaded video, created here: the dialog goes on as its edit form, for the upload.
  const [created, setCreated] = useState<AdminWebinar | null>(null);
  const webinar = given ?? created;
  // The form waits for the store's zone: its defaults and the saved instant both come from it.
  const timeZone = useLoadedStoreTimeZone();
  const close = () => {
    setBusy(false);
    setCreated(null);
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
          if (!timeZone) return; // no form yet: Radix focuses the dialog
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
        {open && !timeZone && (
          <div className="flex justify-center py-10">
            <Spinner className="size-8" label="Loading the store's time zone..." />
          </div>
        )}
        {open && timeZone && (
          <WebinarForm
            key={webinar?.id ?? "new"}
            webinar={webinar ?? undefined}
            timeZone={timeZone}
            onDone={close}
            onCreatedForUpload={setCreated}
            onCancel={close}
            onBusyChange={setBusy}
            renderVideoUpload={renderVideoUpload}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
