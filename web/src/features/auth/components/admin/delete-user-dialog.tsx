import { Trash2 } from "lucide-react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { errorMessage } from "@/lib/api";
import { notify } from "@/lib/toast";
import { useConfirmMutation } from "@/lib/use-confirm-mutation";
import type { AdminUser } from "../../api/admin-user-schemas";
import { useDeleteUser } from "../../api/delete-user";

type DeleteUserDialogProps = {
  /** The account to delete; the dialog is open while set. */
  user: AdminUser | null;
  onClose: () => void;
};

/**
 * Delete confirmation. A refusal (the admin's own account, the last admin)
 * stays in the dialog as 'Error deleting user: …' (docs/product.md#texts-users-see).
 */
export function DeleteUserDialog({ user, onClose }: DeleteUserDialogProps) {
  const { dialog, confirm } = useConfirmMutation({
    mutation: useDeleteUser(),
    onClose,
    onSuccess: () => notify.success("User Deleted", `${user?.email} has been deleted.`),
    onFailure: (error) => `Error deleting user: ${errorMessage(error, "Unknown error")}`,
  });

  return (
    <ConfirmDialog
      open={user !== null}
      {...dialog}
      title="Are you sure you want to delete this user?"
      confirmLabel="Delete User"
      pendingLabel="Deleting..."
      icon={<Trash2 aria-hidden="true" />}
      destructive
      onConfirm={() => user && void confirm(user.id)}
    >
      {user ? <>{user.email} will be logged out and can no longer log in. </> : null}
      Their coupons, payments and giveaway entries are kept. This cannot be undone.
    </ConfirmDialog>
  );
}
