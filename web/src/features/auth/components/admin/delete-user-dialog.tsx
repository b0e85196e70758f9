import { Trash2 } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
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
    <ConfirmDialog
      open={user !== null}
      onOpenChange={(open) => !open && close()}
      title="Are you sure you want to delete this user?"
      confirmLabel="Delete User"
      pendingLabel="Deleting..."
      icon={<Trash2 aria-hidden="true" />}
      busy={del.isPending}
      destructive
      error={failure}
      onConfirm={() => void confirm()}
    >
      {user ? <>{user.email} will be logged out and can no longer log in. </> : null}
      Their coupons, payments and giveaway entries are kept. This cannot be undone.
    </ConfirmDialog>
  );
}
