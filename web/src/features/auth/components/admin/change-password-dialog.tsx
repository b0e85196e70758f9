import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormControl, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api";
import { notify } from "@/lib/toast";
import { changePasswordSchema, type AdminUser, type ChangePasswordInput } from "../../api/admin-user-schemas";
import { useChangeUserPassword } from "../../api/change-user-password";
import { applyServerFieldError } from "../../lib/apply-server-error";

type ChangePasswordDialogProps = {
  /** The account whose password to set; the dialog is open while set. */
  user: AdminUser | null;
  onClose: () => void;
};

/**
 * 'Change Password' (docs/product.md#admin-screens, docs/product.md#validation-and-its-messages): Save stays disabled while the new
 * password is empty; the sign-up rule applies. Closes on Cancel or success.
 */
export function ChangePasswordDialog({ user, onClose }: ChangePasswordDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent hideClose={busy} onInteractOutside={(e) => e.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Change Password</DialogTitle>
          <DialogDescription>
            {user ? <>Set a new password for {user.email}. </> : null}
            They are logged out everywhere and log in with the new password.
          </DialogDescription>
        </DialogHeader>
        {user && <ChangePasswordForm key={user.id} user={user} onBusyChange={setBusy} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

type ChangePasswordFormProps = { user: AdminUser; onBusyChange: (busy: boolean) => void; onDone: () => void };

function ChangePasswordForm({ user, onBusyChange, onDone }: ChangePasswordFormProps) {
  const change = useChangeUserPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { newPassword: "" },
  });
  const newPassword = useWatch({ control, name: "newPassword" });

  const onSubmit = handleSubmit(async ({ newPassword: password }) => {
    setFailure(null);
    onBusyChange(true);
    try {
      await change.mutateAsync({ id: user.id, newPassword: password });
    } catch (error) {
      onBusyChange(false);
      applyServerFieldError(error, ["newPassword"], setError);
      setFailure(`Error changing password: ${errorMessage(error, "Unknown error")}`);
      return;
    }
    onBusyChange(false);
    notify.success("Password changed successfully!", `${user.email} can log in with the new password.`);
    onDone();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Change Password">
      {failure && (
        <Alert variant="destructive">
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      )}
      <FormField
        id="change-password-new"
        label="New Password"
        error={errors.newPassword?.message}
        description="At least 6 characters."
      >
        <FormControl>
          <Input type="password" autoComplete="new-password" autoFocus {...register("newPassword")} />
        </FormControl>
      </FormField>
      <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={!newPassword || isSubmitting} aria-busy={isSubmitting}>
          <KeyRound aria-hidden="true" />
          {isSubmitting ? "Saving..." : "Save"}
        </Button>
      </div>
    </form>
  );
}
