import { notify } from "@/lib/toast";

/** The toast of a completed login (the form, the second step, a form posted before the app started). */
export function notifySignedIn(): void {
  notify.success("Welcome back!", "You have successfully signed in.");
}

/** The toast of a completed sign-up (docs/product.md#texts-users-see: the confirmation e-mail is queued). */
export function notifySignedUp(): void {
  notify.success("Sign up successful!", "Please check your email for confirmation.");
}
