import { zodResolver } from "@hookform/resolvers/zod";
import { LogIn } from "lucide-react";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormControl, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api";
import { notify } from "@/lib/toast";
import { useLogin } from "../api/login";
import { loginSchema, type LoginInput } from "../api/schemas";
import { applyServerFieldError } from "../lib/apply-server-error";

type LoginFormProps = {
  /** Prefills the e-mail (e.g. right after sign-up). */
  defaultEmail?: string;
  onSuccess?: () => void;
};

export function LoginForm({ defaultEmail = "", onSuccess }: LoginFormProps) {
  const login = useLogin();
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
    try {
      await login.mutateAsync(values);
    } catch (error) {
      applyServerFieldError(error, ["email", "password"], setError);
      notify.error("Error signing in", errorMessage(error, "Failed to sign in. Please check your credentials."));
      return;
    }
    notify.success("Welcome back!", "You have successfully signed in.");
    onSuccess?.();
  });

  const pending = login.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Login">
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
      <Button type="submit" size="lg" className="w-full" disabled={pending} aria-busy={pending}>
        <LogIn aria-hidden="true" />
        {pending ? "Logging in..." : "Login"}
      </Button>
    </form>
  );
}
