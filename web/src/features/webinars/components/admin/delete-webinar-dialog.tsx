import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { notify } from "@/lib/toast";
import { useDeleteWebinar } from "../../api/delete-webinar";
import type { AdminWebinar } from "../../api/schemas";

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
  const del = useDeleteWebinar();
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    if (del.isPending) return;
    setFailure(null);
    del.reset();
    onClose();
  };

  const confirm = async () => {
    if (!webinar) {
      notify.error("No webinar selected for deletion");
      return;
    }
    setFailure(null);
    try {
      await del.mutateAsync(webinar.id);
    } catch (error) {
      const message = (error instanceof Error && error.message) || "Unknown Error";
      setFailure(message);
      notify.error(`Failed to delete webinar: ${message}`);
      return;
    }
    notify.success("Webinar Deleted", `"${webinar.title}" has been deleted.`);
    setFailure(null);
    onClose();
  };

  return (
    <AlertDialog open={webinar !== null} onOpenChange={(open) => !open && close()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Are you sure you want to delete this webinar?</AlertDialogTitle>
          <AlertDialogDescription>
            {webinar ? <>&ldquo;{webinar.title}&rdquo; will be removed permanently. </> : null}
            This cannot be undone. To only hide it from the site, edit it and untick Active instead.
          </AlertDialogDescription>
        </AlertDialogHeader>
        {failure && (
          <Alert variant="destructive">
            <AlertDescription>{failure}</AlertDescription>
          </Alert>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={del.isPending}>Cancel</AlertDialogCancel>
          <Button variant="destructive" onClick={() => void confirm()} disabled={del.isPending} aria-busy={del.isPending}>
            <Trash2 aria-hidden="true" />
            {del.isPending ? "Deleting..." : "Delete Webinar"}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
