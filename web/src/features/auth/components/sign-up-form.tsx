import { zodResolver } from "@hookform/resolvers/zod";
import { UserPlus } from "lucide-react";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormControl, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiError, errorMessage } from "@/lib/api";
import { notify } from "@/lib/toast";
import { signUpSchema, type SignUpFormValues, type SignUpInput } from "../api/schemas";
import { useSignUp } from "../api/signup";
import { applyServerFieldError } from "../lib/apply-server-error";
import { takeFormFlash } from "@/lib/form-flash";
import { notifySignedUp } from "../lib/notices";
import { NewPasswordFields } from "./new-password-fields";

const emptyValues: SignUpFormValues = {
  firstName: "",
  lastName: "",
  email: "",
  phoneNumber: "",
  password: "",
  confirmPassword: "",
  ageConfirmed: false,
};

const fieldNames = [
  "firstName",
  "lastName",
  "email",
  "phoneNumber",
  "password",
  "confirmPassword",
  "ageConfirmed",
] as const;

/** The fields a refused form post sends back (lib/form-flash.ts): all but the passwords. */
const keptFields = ["firstName", "lastName", "email", "phoneNumber", "ageConfirmed"] as const;

type SignUpFormProps = {
  /** Called after the account exists (the form has already reset and the toast shown). */
  onSuccess?: (email: string) => void;
};

export function SignUpForm({ onSuccess }: SignUpFormProps) {
  const signUp = useSignUp();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    trigger,
    formState: { errors },
  } = useForm<SignUpFormValues, unknown, SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: emptyValues,
  });

  // This form posted before the app started and was refused: put back what
  // was typed and show what the app would have shown (lib/form-flash.ts).
  // The server names one field; the form's own checks name every field it
  // would have refused (not the passwords, which are never sent back).
  useEffect(() => {
    const flash = takeFormFlash((f) => f.form === "signup" && f.outcome === "error");
    if (!flash) return;
    for (const name of keptFields) {
      if (name === "ageConfirmed") setValue(name, flash.values.ageConfirmed === "on");
      else if (flash.values[name]) setValue(name, flash.values[name]);
    }
    const error = new ApiError(0, flash.code ?? "", flash.message ?? "", flash.field);
    void (async () => {
      if (error.field && !(await trigger(keptFields))) return;
      applyServerFieldError(error, fieldNames, setError);
      notify.error("Error signing up", error.message);
    })();
  }, [setError, setValue, trigger]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await signUp.mutateAsync(values);
    } catch (error) {
      applyServerFieldError(error, fieldNames, setError);
      notify.error("Error signing up", errorMessage(error, "Failed to create account. Please try again."));
      return;
    }
    notifySignedUp();
    reset(emptyValues);
    onSuccess?.(values.email);
  });

  const pending = signUp.isPending;
  return (
    // Posted natively before the app has started, like the login form.
    <form method="post" action="/api/auth/signup" onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Sign Up">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="signup-first-name" label="First Name" error={errors.firstName?.message}>
          <FormControl>
            <Input autoComplete="given-name" {...register("firstName")} />
          </FormControl>
        </FormField>
        <FormField id="signup-last-name" label="Last Name" error={errors.lastName?.message}>
          <FormControl>
            <Input autoComplete="family-name" {...register("lastName")} />
          </FormControl>
        </FormField>
      </div>
      <FormField id="signup-email" label="Email" error={errors.email?.message}>
        <FormControl>
          <Input type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" {...register("email")} />
        </FormControl>
      </FormField>
      <FormField id="signup-phone" label="Phone Number" error={errors.phoneNumber?.message}>
        <FormControl>
          <Input type="tel" autoComplete="tel" inputMode="tel" placeholder="(630) 555-0100" {...register("phoneNumber")} />
        </FormControl>
      </FormField>
      <NewPasswordFields
        idPrefix="signup"
        passwordLabel="Password"
        password={register("password")}
        confirmPassword={register("confirmPassword")}
        errors={{ password: errors.password?.message, confirmPassword: errors.confirmPassword?.message }}
      />

      <div className="grid gap-2">
        <div className="flex items-start gap-3 rounded-lg border bg-muted/60 p-3">
          {/* A native checkbox: it can be ticked before the app has started. */}
          <input
            type="checkbox"
            id="signup-age"
            {...register("ageConfirmed")}
            aria-required="true"
            aria-invalid={errors.ageConfirmed ? true : undefined}
            aria-describedby={errors.ageConfirmed ? "signup-age-error" : "signup-age-note"}
            className="mt-0.5 size-5 shrink-0 cursor-pointer rounded-sm accent-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
          />
          <div className="grid gap-1">
            <Label htmlFor="signup-age" className="leading-snug">
              I am 21 or older
            </Label>
            <p id="signup-age-note" className="text-xs text-muted-foreground">
              A FOID card is required for firearm purchases in Illinois.
            </p>
          </div>
        </div>
        {errors.ageConfirmed?.message && (
          <p id="signup-age-error" className="text-sm font-medium text-destructive">
            {errors.ageConfirmed.message}
          </p>
        )}
      </div>

      <Button type="submit" size="lg" className="w-full" disabled={pending} aria-busy={pending}>
        <UserPlus aria-hidden="true" />
        {pending ? "Signing up..." : "Sign Up"}
      </Button>
    </form>
  );
}
