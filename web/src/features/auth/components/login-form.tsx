import { zodResolver } from "@hookform/resolvers/zod";
import { LogIn } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { FormControl, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { errorMessage, isApiError } from "@/lib/api";
import { notify } from "@/lib/toast";
import { needsSecondStep, useLogin } from "../api/login";
import { loginSchema, type LoginInput } from "../api/schemas";
import { applyServerFieldError } from "../lib/apply-server-error";
import { EmailNotConfirmedAlert } from "./resend-confirmation";
import { SecondStepForm } from "./second-step-form";

type LoginFormProps = {
  /** Prefills the e-mail (e.g. right after sign-up). */
  defaultEmail?: string;
  onSuccess?: () => void;
};

/** The login answer while WATCHWIN_REQUIRE_EMAIL_CONFIRMATION holds an unconfirmed address back. */
type Unconfirmed = { email: string; message: string };

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
    formState: { errors },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: defaultEmail, password: "" },
  });

  useEffect(() => {
    if (defaultEmail) setValue("email", defaultEmail);
  }, [defaultEmail, setValue]);

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
      if (isApiError(error) && error.code === "email_not_confirmed") {
        setUnconfirmed({ email: values.email, message: error.message });
      } else {
        applyServerFieldError(error, ["email", "password"], setError);
      }
      notify.error("Error signing in", errorMessage(error, "Failed to sign in. Please check your credentials."));
      return;
    }
    notify.success("Welcome back!", "You have successfully signed in.");
    onSuccess?.();
  });

  const pending = login.isPending;
  if (secondStep) return <SecondStepForm onSuccess={() => onSuccess?.()} onCancel={() => setSecondStep(false)} />;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Login">
      {unconfirmed && (
        // key: another address gets a fresh button, not the last one's "sent".
        <EmailNotConfirmedAlert key={unconfirmed.email} email={unconfirmed.email} message={unconfirmed.message} />
      )}
      <FormField id="login-email" label="Email" error={errors.email?.message}>
        <FormControl>
          <Input type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" {...register("email")} />
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
    </form>
  );
}
