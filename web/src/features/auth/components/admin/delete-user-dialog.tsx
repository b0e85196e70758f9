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
import { errorMessage } from "@/lib/api";
import { notify } from "@/lib/toast";
import type { AdminUser } from "../../api/admin-user-schemas";
import { useDeleteUser } from "../../api/delete-user";

type DeleteUserDialogProps = {
  /** The account to delete; the dialog is open while set. */
  user: AdminUser | null;
  onClose: () => void;
};

/**
 * Delete confirmation. A refusal (the admin's own account, the last admin)
 * stays in the dialog as 'Error deleting user: …' (SPEC.md §8).
 */
export function DeleteUserDialog({ user, onClose }: DeleteUserDialogProps) {
  const del = useDeleteUser();
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    if (del.isPending) return;
    setFailure(null);
    del.reset();
    onClose();
  };

  const confirm = async () => {
    if (!user) return;
    setFailure(null);
    try {
      await del.mutateAsync(user.id);
    } catch (error) {
      setFailure(`Error deleting user: ${errorMessage(error, "Unknown error")}`);
      return;
    }
    notify.success("User Deleted", `${user.email} has been deleted.`);
    setFailure(null);
    onClose();
  };

  return (
    <AlertDialog open={user !== null} onOpenChange={(open) => !open && close()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Are you sure you want to delete this user?</AlertDialogTitle>
          <AlertDialogDescription>
            {user ? <>{user.email} will be logged out and can no longer log in. </> : null}
            Their coupons, payments and giveaway entries are kept. This cannot be undone.
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
            {del.isPending ? "Deleting..." : "Delete User"}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
