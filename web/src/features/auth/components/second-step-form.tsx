import { ShieldCheck } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { FormControl, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { errorMessage, isApiError } from "@/lib/api";
import { notify } from "@/lib/toast";
import { useSecondStep } from "../api/security";
import { notifySignedIn } from "../lib/notices";

type SecondStepFormProps = {
  onSuccess: () => void;
  /** Back to the password (the login expired or the visitor changed their mind). */
  onCancel: () => void;
};

/**
 * The login's second step (docs/api.md#second-factor-and-sessions): a code
 * from the authenticator app, or one of the account's recovery codes.
 */
export function SecondStepForm({ onSuccess, onCancel }: SecondStepFormProps) {
  const step = useSecondStep();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) {
      setError(recovery ? "Enter one of your recovery codes" : "Enter the 6-digit code");
      return;
    }
    setError(undefined);
    try {
      await step.mutateAsync(code.trim());
    } catch (err) {
      if (isApiError(err) && err.code === "login_expired") {
        notify.error("Error signing in", err.message);
        onCancel();
        return;
      }
      setError(errorMessage(err, "That code is not valid. Please try again."));
      setCode("");
      return;
    }
    notifySignedIn();
    onSuccess();
  };

  const pending = step.isPending;
  return (
    <form onSubmit={submit} noValidate className="grid gap-5" aria-label="Two-factor authentication">
      <FormField
        id="login-code"
        label={recovery ? "Enter one of your recovery codes" : "Enter the 6-digit code from your authenticator app"}
        error={error}
        description={recovery ? "Each recovery code works once." : "Or use one of your recovery codes."}
      >
        <FormControl>
          <Input
            key={recovery ? "recovery" : "totp"}
            autoComplete="one-time-code"
            inputMode={recovery ? "text" : "numeric"}
            autoFocus
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        </FormControl>
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={pending} aria-busy={pending}>
        <ShieldCheck aria-hidden="true" />
        {pending ? "Verifying..." : "Verify"}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <Button
          type="button"
          variant="link"
          className="h-auto p-0"
          onClick={() => {
            setRecovery((r) => !r);
            setCode("");
            setError(undefined);
          }}
        >
          {recovery ? "Use the authenticator app" : "Use a recovery code"}
        </Button>
        <Button type="button" variant="link" className="h-auto p-0" onClick={onCancel}>
          Back to login
        </Button>
      </div>
    </form>
  );
}
