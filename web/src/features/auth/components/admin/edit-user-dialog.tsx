import { zodResolver } from "@hookform/resolvers/zod";
import { Save } from "lucide-react";
import { useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormControl, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { errorMessage } from "@/lib/api";
import { notify } from "@/lib/toast";
import {
  blankFields,
  editUserSchema,
  ROLES,
  type AdminUser,
  type Role,
  type EditUserFormValues,
  type EditUserInput,
} from "../../api/admin-user-schemas";
import { useUpdateUser } from "../../api/update-user";
import { applyServerFieldError } from "../../lib/apply-server-error";

type EditUserDialogProps = {
  /** The account to edit; the dialog is open while set. */
  user: AdminUser | null;
  /** The signed-in admin's id, to warn before they demote themselves. */
  currentUserId?: string;
  onClose: () => void;
};

const FIELDS = ["email", "firstName", "lastName", "phoneNumber", "role"] as const;
const ROLE_LABELS: Record<Role, string> = { user: "User", staff: "Staff", admin: "Admin" };

const ROLE_HELP: Record<Role, string> = {
  user: "Users watch webinars and buy coupons.",
  staff: "Staff check and redeem coupons at the counter; they cannot open the admin area.",
  admin: "Admins manage webinars, coupons, users and site settings.",
};

/** The account's role as the form knows it; an unknown one shows as User. */
function formRole(role: string): Role {
  return (ROLES as readonly string[]).includes(role) ? (role as Role) : "user";
}

/**
 * 'Edit User': e-mail, names, phone and role (docs/api.md#admin-users).
 * A field the account never had is labelled optional and may stay empty.
 * Closes on Cancel or success.
 */
export function EditUserDialog({ user, currentUserId, onClose }: EditUserDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent hideClose={busy} onInteractOutside={(e) => e.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Edit User</DialogTitle>
          <DialogDescription>
            Change the account&apos;s details or role. A new email is the one they log in with from then on.
          </DialogDescription>
        </DialogHeader>
        {user && (
          <EditUserForm
            key={user.id}
            user={user}
            self={user.id === currentUserId}
            onBusyChange={setBusy}
            onDone={onClose}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

type EditUserFormProps = {
  user: AdminUser;
  self: boolean;
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
};

function EditUserForm({ user, self, onBusyChange, onDone }: EditUserFormProps) {
  const update = useUpdateUser();
  const [failure, setFailure] = useState<string | null>(null);
  const blank = useMemo(() => blankFields(user), [user]);
  const schema = useMemo(() => editUserSchema(blank), [blank]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EditUserFormValues, unknown, EditUserInput>({
    resolver: zodResolver(schema),
    defaultValues: {
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phoneNumber: user.phoneNumber,
      role: formRole(user.role),
    },
  });
  const role = useWatch({ control, name: "role" });

  const onSubmit = handleSubmit(async (input) => {
    setFailure(null);
    onBusyChange(true);
    try {
      await update.mutateAsync({ id: user.id, input });
    } catch (error) {
      onBusyChange(false);
      applyServerFieldError(error, FIELDS, setError);
      setFailure(`Error updating user: ${errorMessage(error, "Unknown error")}`);
      return;
    }
    onBusyChange(false);
    notify.success("User Updated", `${input.email} has been updated.`);
    onDone();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Edit User">
      {failure && (
        <Alert variant="destructive">
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      )}
      <FormField id="edit-user-email" label="Email" error={errors.email?.message}>
        <FormControl>
          <Input type="email" autoComplete="off" {...register("email")} />
        </FormControl>
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="edit-user-first-name" label={optional("First Name", blank.firstName)} error={errors.firstName?.message}>
          <FormControl>
            <Input autoComplete="off" {...register("firstName")} />
          </FormControl>
        </FormField>
        <FormField id="edit-user-last-name" label={optional("Last Name", blank.lastName)} error={errors.lastName?.message}>
          <FormControl>
            <Input autoComplete="off" {...register("lastName")} />
          </FormControl>
        </FormField>
      </div>
      <FormField id="edit-user-phone" label={optional("Phone", blank.phoneNumber)} error={errors.phoneNumber?.message}>
        <FormControl>
          <Input type="tel" autoComplete="off" {...register("phoneNumber")} />
        </FormControl>
      </FormField>
      <FormField
        id="edit-user-role"
        label="Role"
        error={errors.role?.message}
        description={
          self && role !== "admin"
            ? `This is your own account: as ${role === "staff" ? "staff" : "a user"} you lose access to the admin area when you save.`
            : ROLE_HELP[role]
        }
      >
        <FormControl>
          <NativeSelect {...register("role")}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </NativeSelect>
        </FormControl>
      </FormField>
      <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          <Save aria-hidden="true" />
          {isSubmitting ? "Saving..." : "Save Changes"}
        </Button>
      </div>
    </form>
  );
}

/** The label of a field that may stay empty says so. */
function optional(label: string, blank: boolean) {
  return blank ? `${label} (optional)` : label;
}
