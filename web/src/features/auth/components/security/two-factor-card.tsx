import { KeyRound, ShieldCheck, ShieldOff } from "lucide-react";
import { QRCodeSVG } from "qrcode.react";
import { useState, type FormEvent } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { FormControl, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage, isApiError } from "@/lib/api";
import { notify } from "@/lib/toast";
import {
  useDisableFactor,
  useEnableFactor,
  useFactorStatus,
  useRegenerateRecoveryCodes,
  useSetupFactor,
  type FactorInput,
  type FactorSetup,
} from "../../api/security";

/** The 10 recovery codes, shown once (only their hashes are kept). */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="grid gap-4" role="region" aria-label="Recovery codes">
      <Alert>
        <AlertDescription>
          Save these recovery codes somewhere safe, such as a password manager or a printed page. Each one signs you in
          once if you lose your phone. They are shown only now.
        </AlertDescription>
      </Alert>
      <ul className="grid grid-cols-2 gap-2 font-mono text-base" aria-label="Your recovery codes">
        {codes.map((c) => (
          <li key={c} className="rounded-md border bg-zinc-50 px-3 py-2 text-center">
            {c}
          </li>
        ))}
      </ul>
      <div>
        <Button onClick={onDone}>I saved my recovery codes</Button>
      </div>
    </div>
  );
}

/** The current password, which every change of the second factor asks for (docs/api.md#second-factor-and-sessions). */
export function PasswordField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <FormField id={id} label="Current password" error={error}>
      <FormControl>
        <Input type="password" autoComplete="current-password" value={value} onChange={(e) => onChange(e.target.value)} />
      </FormControl>
    </FormField>
  );
}

/** The server's answer about the password (password_required, invalid_password): shown under the password field. */
export function passwordError(err: unknown): string | undefined {
  return isApiError(err) && err.field === "password" ? err.message : undefined;
}

/**
 * A code field with its own submit button (the small forms of this card), and
 * the current password: asked at once (askPassword), or when the server asks
 * for it (the password this session checked is more than 5 minutes old).
 * onSubmit throws the server's error; the form shows it under its field.
 */
function CodeForm({
  id,
  label,
  submitLabel,
  pending,
  askPassword,
  onSubmit,
  note,
}: {
  id: string;
  label: string;
  submitLabel: string;
  pending: boolean;
  askPassword: boolean;
  onSubmit: (input: FactorInput) => Promise<void>;
  note?: React.ReactNode;
}) {
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [withPassword, setWithPassword] = useState(askPassword);
  const [codeError, setCodeError] = useState<string | undefined>();
  const [pwError, setPwError] = useState<string | undefined>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missingPassword = withPassword && !password ? "Enter your current password" : undefined;
    const missingCode = code.trim() ? undefined : "Enter the 6-digit code";
    setPwError(missingPassword);
    setCodeError(missingCode);
    if (missingPassword || missingCode) return;
    try {
      await onSubmit({ code: code.trim(), password: withPassword ? password : undefined });
    } catch (err) {
      const forPassword = passwordError(err);
      if (forPassword) {
        setWithPassword(true);
        setPwError(forPassword);
        setPassword("");
        return;
      }
      setCodeError(errorMessage(err));
      setCode("");
    }
  };
  return (
    <form onSubmit={submit} noValidate className="grid max-w-sm gap-4">
      {note}
      {withPassword && <PasswordField id={`${id}-password`} value={password} onChange={setPassword} error={pwError} />}
      <FormField id={id} label={label} error={codeError}>
        <FormControl>
          <Input autoComplete="one-time-code" inputMode="numeric" value={code} onChange={(e) => setCode(e.target.value)} />
        </FormControl>
      </FormField>
      <div>
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/**
 * Setting up: the current password, then the key as a QR code (drawn here,
 * never by a third party) and as text, then the first code.
 */
export function EnrolFactor({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const setup = useSetupFactor();
  const enable = useEnableFactor();
  const [key, setKey] = useState<FactorSetup | null>(null);
  const [password, setPassword] = useState("");
  const [pwError, setPwError] = useState<string | undefined>();

  if (!key) {
    const start = async (e: FormEvent) => {
      e.preventDefault();
      if (!password) {
        setPwError("Enter your current password");
        return;
      }
      setPwError(undefined);
      try {
        setKey(await setup.mutateAsync({ password }));
      } catch (err) {
        setPwError(passwordError(err));
        setPassword("");
      }
    };
    return (
      <form onSubmit={start} noValidate className="grid max-w-sm gap-3">
        <p className="text-sm text-muted-foreground">
          Use an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Aegis…) so that signing in
          takes your password and a 6-digit code from your phone.
        </p>
        {setup.isError && !passwordError(setup.error) && (
          <Alert variant="destructive">
            <AlertDescription>{errorMessage(setup.error)}</AlertDescription>
          </Alert>
        )}
        <PasswordField id="setup-password" value={password} onChange={setPassword} error={pwError} />
        <div>
          <Button type="submit" disabled={setup.isPending} aria-busy={setup.isPending}>
            <ShieldCheck aria-hidden="true" />
            Set up two-factor authentication
          </Button>
        </div>
      </form>
    );
  }
  return (
    <div className="grid gap-5">
      <ol className="grid list-decimal gap-2 pl-5 text-sm">
        <li>Scan this QR code with your authenticator app, or type the key below into it.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-wrap items-center gap-6">
        <div className="rounded-lg border bg-white p-3">
          <QRCodeSVG value={key.uri} size={176} level="M" role="img" aria-label="QR code of your authenticator key" />
        </div>
        <div className="grid gap-1">
          <span className="text-sm font-medium" id="factor-secret-label">
            Key for manual entry
          </span>
          <code aria-labelledby="factor-secret-label" data-testid="factor-secret" className="rounded bg-zinc-100 px-2 py-1 font-mono text-sm break-all">
            {key.secret}
          </code>
          <span className="text-xs text-muted-foreground">Time-based, 6 digits, every 30 seconds.</span>
        </div>
      </div>
      <CodeForm
        id="enrol-code"
        label="Enter the 6-digit code from your authenticator app"
        submitLabel={enable.isPending ? "Turning on..." : "Turn on"}
        pending={enable.isPending}
        askPassword={false}
        onSubmit={async (input) => {
          onEnabled(await enable.mutateAsync(input));
          notify.success("Two-factor authentication is on", "Save your recovery codes now.");
        }}
      />
    </div>
  );
}

/** The Security tab's factor card: set up, recovery codes, turn off. */
export function TwoFactorCard() {
  const status = useFactorStatus();
  const disable = useDisableFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [mode, setMode] = useState<"idle" | "disable" | "regenerate">("idle");

  const done = () => {
    setCodes(null);
    void status.refetch();
  };

  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-xl font-bold text-ink">
          <KeyRound className="size-5 text-accent-600" aria-hidden="true" />
          Two-factor authentication
        </h2>
        <CardDescription>A code from your phone on top of your password, so a stolen password alone can't sign in.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {codes ? (
          <RecoveryCodes codes={codes} onDone={done} />
        ) : status.isPending ? (
          <Skeleton className="h-10 w-64" />
        ) : status.isError ? (
          <Alert variant="destructive">
            <AlertDescription>Could not load your security settings. {errorMessage(status.error)}</AlertDescription>
          </Alert>
        ) : !status.data.enabled ? (
          <EnrolFactor onEnabled={setCodes} />
        ) : (
          <>
            <p className="flex items-center gap-2 font-medium text-emerald-700">
              <ShieldCheck className="size-5" aria-hidden="true" />
              Two-factor authentication is on.
            </p>
            <p className="text-sm text-muted-foreground">
              {status.data.recovery_codes_left} of 10 recovery codes left.
            </p>
            {mode === "idle" && (
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" onClick={() => setMode("regenerate")}>
                  New recovery codes
                </Button>
                <Button variant="outline" onClick={() => setMode("disable")}>
                  <ShieldOff aria-hidden="true" />
                  Turn off
                </Button>
              </div>
            )}
            {mode === "regenerate" && (
              <CodeForm
                id="regenerate-code"
                label="Enter the 6-digit code from your authenticator app"
                submitLabel={regenerate.isPending ? "Making new codes..." : "Make new recovery codes"}
                pending={regenerate.isPending}
                askPassword
                note={<p className="text-sm text-muted-foreground">Your old recovery codes stop working.</p>}
                onSubmit={async (input) => {
                  setCodes(await regenerate.mutateAsync(input));
                  setMode("idle");
                }}
              />
            )}
            {mode === "disable" && (
              <CodeForm
                id="disable-code"
                label="Enter the 6-digit code from your authenticator app"
                submitLabel={disable.isPending ? "Turning off..." : "Turn off two-factor authentication"}
                pending={disable.isPending}
                askPassword
                onSubmit={async (input) => {
                  await disable.mutateAsync(input);
                  notify.success("Two-factor authentication is off", "Your password alone now signs you in.");
                  setMode("idle");
                }}
              />
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
