import { Trash2 } from "lucide-react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { notify } from "@/lib/toast";
import { useConfirmMutation } from "@/lib/use-confirm-mutation";
import { useDeleteWebinar } from "../../api/delete-webinar";
import type { AdminWebinar } from "@/lib/webinars/schemas";

type DeleteWebinarDialogProps = {
  /** The webinar to delete; the dialog is open while set. */
  webinar: AdminWebinar | null;
  onClose: () => void;
};

/**
 * 'Are you sure you want to delete this webinar?'. A refusal (409 for a
 * webinar with paid seats: the server suggests deactivating it) stays in the
 * dialog as well as in the toast, so the admin can read it.
 */
export function DeleteWebinarDialog({ webinar, onClose }: DeleteWebinarDialogProps) {
  const { dialog, confirm } = useConfirmMutation({
    mutation: useDeleteWebinar(),
    onClose,
    onSuccess: () => notify.success("Webinar Deleted", `"${webinar?.title}" has been deleted.`),
    onFailure: (error) => {
      const message = (error instanceof Error && error.message) || "Unknown Error";
      notify.error(`Failed to delete webinar: ${message}`);
      return message;
    },
  });

  return (
    <ConfirmDialog
      open={webinar !== null}
      {...dialog}
      title="Are you sure you want to delete this webinar?"
      confirmLabel="Delete Webinar"
      pendingLabel="Deleting..."
      icon={<Trash2 aria-hidden="true" />}
      destructive
      onConfirm={() => {
        if (!webinar) {
          notify.error("No webinar selected for deletion");
          return;
        }
        void confirm(webinar.id);
      }}
    >
      {webinar ? <>&ldquo;{webinar.title}&rdquo; will be removed permanently. </> : null}
      This cannot be undone. To only hide it from the site, edit it and untick Active instead.
    </ConfirmDialog>
  );
}
