import { zodResolver } from "@hookform/resolvers/zod";
import { Fingerprint, LogIn } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { FormControl, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { ApiError, errorMessage, isApiError } from "@/lib/api";
import { notify } from "@/lib/toast";
import { useHydrated } from "@/lib/use-hydrated";
import { needsSecondStep, useLogin } from "../api/login";
import { passkeyAutofillAvailable, passkeyCancelled, usePasskeySignIn } from "../api/passkeys";
import { loginSchema, type LoginInput } from "../api/schemas";
import { applyServerFieldError } from "../lib/apply-server-error";
import { takeFormFlash, useFormFlash, type FormFlash } from "@/lib/form-flash";
import { notifySignedIn, notifySignedUp } from "../lib/notices";
import { EmailNotConfirmedAlert } from "./resend-confirmation";
import { SecondStepForm } from "./second-step-form";

type LoginFormProps = {
  /** Prefills the e-mail (e.g. right after sign-up). */
  defaultEmail?: string;
  onSuccess?: () => void;
};

/** The login answer while WATCHWIN_REQUIRE_EMAIL_CONFIRMATION holds an unconfirmed address back. */
type Unconfirmed = { email: string; message: string };

/** A flash this form shows: its own post's, or the sign-up form's that succeeded. */
const forLoginForm = (f: FormFlash) => f.form === "login" || f.outcome === "signed_up";

const isUnconfirmed = (error: unknown): error is ApiError => isApiError(error) && error.code === "email_not_confirmed";

export function LoginForm({ defaultEmail = "", onSuccess }: LoginFormProps) {
  const login = useLogin();
  const [unconfirmed, setUnconfirmed] = useState<Unconfirmed | null>(null);
  // The password was right and the account has a second factor: ask for the code.
  const [secondStep, setSecondStep] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    setFocus,
    formState: { errors },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: defaultEmail, password: "" },
  });

  // Right after sign-up the e-mail is filled in and focus goes on to the password, where the
  // keyboard would have been had the sign-up form not gone (docs/testing.md#wcag-22-aa).
  useEffect(() => {
    if (!defaultEmail) return;
    setValue("email", defaultEmail);
    setFocus("password");
  }, [defaultEmail, setValue, setFocus]);

  /** A refused login's field error and toast (the alert of an unconfirmed address is state). */
  const showRefusal = useCallback(
    (error: unknown) => {
      if (!isUnconfirmed(error)) applyServerFieldError(error, ["email", "password"], setError);
      notify.error("Error signing in", errorMessage(error, "Failed to sign in. Please check your credentials."));
    },
    [setError],
  );

  // This form (or the sign-up form) was posted before the app started: show
  // what it would have shown (lib/form-flash.ts), its state while rendering,
  // the rest once on arrival.
  const flash = useFormFlash(forLoginForm);
  const [arrived, setArrived] = useState<FormFlash | null>(null);
  if (flash && flash !== arrived) {
    setArrived(flash);
    if (flash.outcome === "second_step") setSecondStep(true);
    if (flash.code === "email_not_confirmed") setUnconfirmed({ email: flash.values.email ?? "", message: flash.message ?? "" });
  }
  useEffect(() => {
    if (!arrived || !takeFormFlash((f) => f === arrived)) return;
    if (arrived.values.email) setValue("email", arrived.values.email);
    if (arrived.outcome === "signed_up") notifySignedUp();
    if (arrived.outcome === "error") showRefusal(new ApiError(0, arrived.code ?? "", arrived.message ?? "", arrived.field));
  }, [arrived, setValue, showRefusal]);

  // Passkeys: the e-mail field's autofill offers them all along (conditional
  // mediation, started again after the button's prompt), and the button asks at once.
  const autofill = usePasskeySignIn();
  const button = usePasskeySignIn();
  // The button needs the app (no form post does it): off in the first paint.
  const hydrated = useHydrated();
  const [autofillRound, setAutofillRound] = useState(0);
  const signedInWithPasskey = () => {
    notifySignedIn();
    onSuccess?.();
  };
  const passkeyRefused = (error: unknown) => {
    if (passkeyCancelled(error)) return;
    notify.error("Error signing in", errorMessage(error, "Failed to sign in with your passkey."));
  };
  // The autofill's request starts once per round (mount, or after the button's
  // prompt ended); its outcome goes to this render's handlers.
  const onAutofill = useRef({ signedIn: signedInWithPasskey, refused: passkeyRefused });
  useEffect(() => {
    onAutofill.current = { signedIn: signedInWithPasskey, refused: passkeyRefused };
  });
  const startAutofill = autofill.mutate;
  useEffect(() => {
    let live = true;
    void passkeyAutofillAvailable().then((available) => {
      if (!available || !live) return;
      startAutofill(true, {
        onSuccess: () => onAutofill.current.signedIn(),
        // The autofill asks nothing of the person until they pick a passkey: only the
        // server's answer to that choice is worth a toast, never the browser's refusal
        // to offer passkeys here (which would replace the toast on screen).
        onError: (error) => {
          if (isApiError(error)) onAutofill.current.refused(error);
        },
      });
    });
    return () => {
      live = false;
    };
  }, [autofillRound, startAutofill]);
  const signInWithPasskey = () =>
    button.mutate(false, {
      onSuccess: signedInWithPasskey,
      onError: (error) => {
        passkeyRefused(error);
        setAutofillRound((n) => n + 1);
      },
    });

  const onSubmit = handleSubmit(async (values) => {
    setUnconfirmed(null);
    try {
      const answer = await login.mutateAsync(values);
      if (needsSecondStep(answer)) {
        setValue("password", "");
        setSecondStep(true);
        return;
      }
    } catch (error) {
      if (isUnconfirmed(error)) setUnconfirmed({ email: values.email, message: error.message });
      showRefusal(error);
      return;
    }
    notifySignedIn();
    onSuccess?.();
  });

  const pending = login.isPending;
  if (secondStep) return <SecondStepForm onSuccess={() => onSuccess?.()} onCancel={() => setSecondStep(false)} />;
  return (
    // method and action: an Enter or a press before the app has started
    // posts the form to the login endpoint itself
    // (docs/api.md#forms-without-javascript); after, onSubmit sends it as JSON
    // instead.
    <form method="post" action="/api/auth/login" onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Login">
      {unconfirmed && (
        // key: another address gets a fresh button, not the last one's "sent".
        <EmailNotConfirmedAlert key={unconfirmed.email} email={unconfirmed.email} message={unconfirmed.message} />
      )}
      <FormField id="login-email" label="Email" error={errors.email?.message}>
        <FormControl>
          {/* "webauthn": the browser lists passkeys among the suggestions (docs/product.md#passkeys). */}
          <Input type="email" autoComplete="username webauthn" inputMode="email" placeholder="you@example.com" {...register("email")} />
        </FormControl>
      </FormField>
      <FormField id="login-password" label="Password" error={errors.password?.message}>
        <FormControl>
          <Input type="password" autoComplete="current-password" {...register("password")} />
        </FormControl>
      </FormField>
      <p className="-mt-2 text-right text-sm">
        <Link to="/auth/forgot-password" className="font-medium text-accent-600 underline-offset-4 hover:underline">
          Forgot password?
        </Link>
      </p>
      <Button type="submit" size="lg" className="w-full" disabled={pending} aria-busy={pending}>
        <LogIn aria-hidden="true" />
        {pending ? "Logging in..." : "Login"}
      </Button>
      <Button
        type="button"
        variant="outline"
        size="lg"
        className="w-full"
        onClick={signInWithPasskey}
        disabled={!hydrated || button.isPending}
        aria-busy={button.isPending}
      >
        <Fingerprint aria-hidden="true" />
        Sign in with a passkey
      </Button>
    </form>
  );
}
