import { zodResolver } from "@hookform/resolvers/zod";
import { CircleAlert, KeyRound } from "lucide-react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage, isApiError } from "@/lib/api";
import { notify } from "@/lib/toast";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useResetPassword } from "../api/reset-password";
import { newPasswordSchema, type NewPasswordInput } from "../api/schemas";
import { AuthCard, BackToLogin } from "./auth-card";
import { NewPasswordFields } from "./new-password-fields";

/** The server's words for a dead link; also shown when the URL has no token at all. */
const INVALID_LINK = "This link is invalid or has expired. Please request a new one.";

// The API names the fields in snake case.
const serverFields = { password: "password", confirm_password: "confirmPassword" } as const;

function InvalidLink({ message }: { message: string }) {
  return (
    <Alert variant="destructive">
      <CircleAlert aria-hidden="true" />
      <AlertTitle>Link not valid</AlertTitle>
      <AlertDescription>
        <p>{message}</p>
        <p>
          <Link to="/auth/forgot-password" className="font-semibold underline underline-offset-2">
            Request a new reset link
          </Link>
        </p>
      </AlertDescription>
    </Alert>
  );
}

/** /auth/reset-password?token=…: sets a new password with the link from the reset e-mail. */
export function ResetPasswordPage() {
  useDocumentTitle("Set a New Password");
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const navigate = useNavigate();
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NewPasswordInput>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: "", confirmPassword: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await reset.mutateAsync({ token, ...values });
    } catch (error) {
      const field = isApiError(error) && error.field ? serverFields[error.field as keyof typeof serverFields] : undefined;
      if (field) setError(field, { type: "server", message: errorMessage(error) }, { shouldFocus: true });
      return;
    }
    notify.success("Password updated", "Please log in with your new password.");
    navigate("/auth", { replace: true });
  });

  const invalidToken = isApiError(reset.error) && reset.error.code === "invalid_token";
  const otherError = reset.isError && !invalidToken && !errors.password && !errors.confirmPassword;

  let body;
  if (!token) {
    body = <InvalidLink message={INVALID_LINK} />;
  } else if (invalidToken) {
    body = <InvalidLink message={errorMessage(reset.error, INVALID_LINK)} />;
  } else {
    body = (
      <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Reset password">
        {otherError && (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <AlertDescription>{errorMessage(reset.error)}</AlertDescription>
          </Alert>
        )}
        <NewPasswordFields
          idPrefix="reset"
          passwordLabel="New Password"
          password={register("password")}
          confirmPassword={register("confirmPassword")}
          errors={{ password: errors.password?.message, confirmPassword: errors.confirmPassword?.message }}
        />
        <Button type="submit" size="lg" className="w-full" disabled={reset.isPending} aria-busy={reset.isPending}>
          <KeyRound aria-hidden="true" />
          {reset.isPending ? "Updating..." : "Update Password"}
        </Button>
      </form>
    );
  }

  return (
    <AuthCard
      title="Set a New Password"
      description="Choose a new password for your account. You will be signed out everywhere and can then log in with it."
      footer={<BackToLogin />}
    >
      {body}
    </AuthCard>
  );
}
