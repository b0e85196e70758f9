import { LogOut } from "lucide-react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { errorMessage } from "@/lib/api";
import { notify } from "@/lib/toast";
import { useConfirmMutation } from "@/lib/use-confirm-mutation";
import type { AdminUser } from "../../api/admin-user-schemas";
import { useEndUserSessions } from "../../api/security";

type EndSessionsDialogProps = {
  /** The account to sign out everywhere; the dialog is open while set. */
  user: AdminUser | null;
  onClose: () => void;
};

/** "End all sessions" of the users screen (docs/api.md#second-factor-and-sessions); audited. */
export function EndSessionsDialog({ user, onClose }: EndSessionsDialogProps) {
  const { dialog, confirm } = useConfirmMutation({
    mutation: useEndUserSessions(),
    onClose,
    onSuccess: () => notify.success("Sessions ended", `${user?.email} is signed out everywhere.`),
    onFailure: (error) => `Error ending sessions: ${errorMessage(error, "Unknown error")}`,
  });
  return (
    <ConfirmDialog
      open={user !== null}
      {...dialog}
      title="End all sessions of this user?"
      confirmLabel="End All Sessions"
      pendingLabel="Ending..."
      icon={<LogOut aria-hidden="true" />}
      onConfirm={() => user && void confirm(user.id)}
    >
      {user ? <>{user.email} will be signed out on every browser and must log in again. </> : null}
      Your own current session stays signed in.
    </ConfirmDialog>
  );
}
