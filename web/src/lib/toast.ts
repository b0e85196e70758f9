import { toast } from "sonner";

/**
 * The product shows one toast at a time (SPEC.md §4): every call dismisses
 * what is on screen before showing the new one. Use this, not sonner directly.
 */
function show(kind: "success" | "error" | "info" | "warning" | "message", title: string, description?: string) {
  toast.dismiss();
  return toast[kind](title, description ? { description } : undefined);
}

export const notify = {
  success: (title: string, description?: string) => show("success", title, description),
  /** Destructive style. */
  error: (title: string, description?: string) => show("error", title, description),
  info: (title: string, description?: string) => show("info", title, description),
  warning: (title: string, description?: string) => show("warning", title, description),
  message: (title: string, description?: string) => show("message", title, description),
  dismiss: () => toast.dismiss(),
};
