import type { ReactNode } from "react";
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

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** The dialog's description (read out with the title). */
  children: ReactNode;
  /** Form fields the confirmation needs, below the description. */
  extra?: ReactNode;
  /** Label of the confirm button while idle, e.g. 'Delete User'. */
  confirmLabel: ReactNode;
  /** Label of the confirm button while busy, e.g. 'Deleting...'. */
  pendingLabel: ReactNode;
  cancelLabel?: ReactNode;
  /** Decorative icon before the confirm label (mark it aria-hidden). */
  icon?: ReactNode;
  /** While set, both buttons are disabled and the confirm button is aria-busy. */
  busy?: boolean;
  /** Style the confirm button as destructive. */
  destructive?: boolean;
  /** Shown in a destructive alert above the buttons when set. */
  error?: string | null;
  onConfirm: () => void;
};

/**
 * A yes/no confirmation on the alert dialog: title, description, an optional
 * error, Cancel and a confirm button that shows its pending label while busy.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  extra,
  confirmLabel,
  pendingLabel,
  cancelLabel = "Cancel",
  icon,
  busy = false,
  destructive = false,
  error,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{children}</AlertDialogDescription>
        </AlertDialogHeader>
        {extra}
        {error && (
          <Alert variant="destructive">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{cancelLabel}</AlertDialogCancel>
          <Button variant={destructive ? "destructive" : undefined} onClick={onConfirm} disabled={busy} aria-busy={busy}>
            {icon}
            {busy ? pendingLabel : confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
