import { zodResolver } from "@hookform/resolvers/zod";
import { CircleAlert, CircleCheck, LoaderCircle, Ticket } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormControl, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useAuth } from "@/lib/auth/use-auth";
import { isApiError } from "@/lib/api";
import type { ReserveSpotTarget } from "@/lib/reserve-spot";
import { notify } from "@/lib/toast";
import { useRegistration } from "@/lib/registrations/get-registration";
import { useRegister } from "../api/register";
import { registrationFormSchema, type RegistrationFormValues, type RegistrationInput } from "@/lib/registrations/schemas";
import { writeTempRegistration } from "../lib/temp-registration";
import { webinarWatchPath } from "@/lib/paths";

/** docs/product.md#timings-and-constants: already registered, the dialog closes after 1 s and the watch page opens 800 ms later. */
export const ALREADY_REGISTERED_CLOSE_MS = 1000;
export const ALREADY_REGISTERED_NAVIGATE_MS = 800;
/** docs/product.md#timings-and-constants: after a successful registration the watch page opens 1500 ms later. */
export const REGISTERED_NAVIGATE_MS = 1500;

const FAILED_FALLBACK = "Failed to register for the webinar. Please try again.";
const FIELDS = ["name", "email", "phone"] as const;

/** What the watch page receives in navigation state right after registering. */
export type JustRegisteredState = { justRegistered: true; registrationTime: string };

type Phase = "idle" | "submitting" | "already" | "success" | "error";

type RegistrationDialogProps = {
  webinar: ReserveSpotTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * 'Register for Webinar' (docs/product.md#registration-dialog, docs/product.md#validation-and-its-messages, docs/product.md#texts-users-see). Opens on 'Checking
 * Registration Status' while it asks the server; an existing registration
 * (from that check, or a POST answered created:false) shows the redirect
 * message, closes after 1 s and opens the watch page 800 ms later. A new
 * registration shows the success text and opens the watch page 1500 ms later
 * with `{justRegistered, registrationTime}`. It cannot be closed while the
 * registration is being sent.
 *
 * Mounted by ReserveSpotProvider once per opening (keyed), and kept mounted
 * after it closes so the pending navigation still happens.
 */
export function RegistrationDialog({ webinar, open, onOpenChange }: RegistrationDialogProps) {
  const { user, profile } = useAuth();
  const navigate = useNavigate();
  const status = useRegistration(webinar.id, { enabled: Boolean(user) });
  const registerMutation = useRegister();
  const [phase, setPhase] = useState<Phase>("idle");
  const [registrationTime, setRegistrationTime] = useState<string | null>(null);

  const defaultName = [profile?.firstName, profile?.lastName].filter(Boolean).join(" ").trim();
  const form = useForm<RegistrationFormValues, unknown, RegistrationInput>({
    resolver: zodResolver(registrationFormSchema),
    // WCAG 3.3.7: what the account already holds is not asked again (docs/product.md#registration-dialog).
    defaultValues: { name: defaultName, email: profile?.email ?? user?.email ?? "", phone: profile?.phoneNumber ?? "" },
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;

  const checking = phase === "idle" && status.isPending;
  // Found by the check before anything was sent; a failed check leaves the form (the POST decides).
  const already = phase === "already" || (phase === "idle" && status.data != null);
  const submitting = phase === "submitting";
  const target = webinarWatchPath(webinar.id);
  // Once the dialog has sent the person to the webinar it stays mounted (reserve-spot-provider.tsx)
  // but sends nobody again: each later page gives `navigate` a new identity, which re-runs these effects.
  const sent = useRef(false);

  useEffect(() => {
    if (!already || sent.current) return;
    let navigateTimer: number | undefined;
    const closeTimer = window.setTimeout(() => {
      onOpenChange(false);
      navigateTimer = window.setTimeout(() => {
        sent.current = true;
        navigate(target);
      }, ALREADY_REGISTERED_NAVIGATE_MS);
    }, ALREADY_REGISTERED_CLOSE_MS);
    return () => {
      window.clearTimeout(closeTimer);
      window.clearTimeout(navigateTimer);
    };
  }, [already, navigate, onOpenChange, target]);

  useEffect(() => {
    if (phase !== "success" || !registrationTime || sent.current) return;
    const timer = window.setTimeout(() => {
      onOpenChange(false);
      sent.current = true;
      const state: JustRegisteredState = { justRegistered: true, registrationTime };
      navigate(target, { state });
    }, REGISTERED_NAVIGATE_MS);
    return () => window.clearTimeout(timer);
  }, [phase, registrationTime, navigate, onOpenChange, target]);

  const onSubmit = handleSubmit(async (input) => {
    setPhase("submitting");
    try {
      const { registration, created } = await registerMutation.mutateAsync({ webinarId: webinar.id, input });
      if (!created) {
        setPhase("already");
        return;
      }
      writeTempRegistration(webinar.id, registration.user_id);
      notify.success("Registration successful!", `You have successfully registered for "${webinar.title}".`);
      setRegistrationTime(registration.registration_time);
      setPhase("success");
    } catch (error) {
      // docs/product.md#registration-dialog: a duplicate is treated as success of the 'already registered' kind.
      if (isApiError(error) && error.status === 409) {
        setPhase("already");
        return;
      }
      if (isApiError(error) && error.field) {
        const field = FIELDS.find((f) => f === error.field);
        if (field) setError(field, { type: "server", message: error.message }, { shouldFocus: true });
      }
      notify.error("Registration failed", isApiError(error) && error.message ? error.message : FAILED_FALLBACK);
      setPhase("error");
    }
  });

  const handleOpenChange = (next: boolean) => {
    if (!next && submitting) return; // docs/product.md#registration-dialog: cannot be closed while submitting
    onOpenChange(next);
  };
  const blockWhileSubmitting = (event: Event) => {
    if (submitting) event.preventDefault();
  };

  let body;
  if (already) {
    body = (
      <Alert variant="info" aria-live="polite">
        <CircleCheck aria-hidden="true" />
        <AlertDescription>You've already registered for "{webinar.title}". Redirecting to the webinar.</AlertDescription>
      </Alert>
    );
  } else if (phase === "success") {
    body = (
      <Alert variant="success" aria-live="polite">
        <CircleCheck aria-hidden="true" />
        <AlertDescription>
          You're now registered for "{webinar.title}". Preparing webinar content...
        </AlertDescription>
      </Alert>
    );
  } else if (checking) {
    body = (
      <div role="status" className="flex flex-col items-center gap-3 py-8 text-center">
        <LoaderCircle className="size-8 animate-spin text-accent-500" aria-hidden="true" />
        <p className="font-semibold text-ink">Checking Registration Status</p>
        <p className="text-sm text-muted-foreground">Checking if you're already registered...</p>
      </div>
    );
  } else {
    body = (
      <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Registration">
        {phase === "error" && (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <AlertDescription>There was a problem with your registration. Please try again.</AlertDescription>
          </Alert>
        )}
        <FormField id="registration-name" label="Full Name" error={errors.name?.message}>
          <FormControl>
            <Input autoComplete="name" disabled={submitting} {...register("name")} />
          </FormControl>
        </FormField>
        <FormField id="registration-email" label="Email Address" error={errors.email?.message}>
          <FormControl>
            <Input type="email" autoComplete="email" inputMode="email" disabled={submitting} {...register("email")} />
          </FormControl>
        </FormField>
        <FormField id="registration-phone" label="Phone Number (Optional)" error={errors.phone?.message}>
          <FormControl>
            <Input type="tel" autoComplete="tel" inputMode="tel" disabled={submitting} {...register("phone")} />
          </FormControl>
        </FormField>
        <Button type="submit" size="lg" className="w-full" disabled={submitting} aria-busy={submitting}>
          {submitting ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Ticket aria-hidden="true" />}
          {submitting ? "Registering..." : "Confirm Registration"}
        </Button>
      </form>
    );
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent
        hideClose={submitting}
        onEscapeKeyDown={blockWhileSubmitting}
        onInteractOutside={blockWhileSubmitting}
        className="sm:max-w-md"
      >
        <DialogHeader>
          <DialogTitle>Register for Webinar</DialogTitle>
          <DialogDescription>{webinar.title}</DialogDescription>
        </DialogHeader>
        {body}
      </DialogContent>
    </Dialog>
  );
}
