import { KeyRound, ShieldCheck, ShieldOff } from "lucide-react";
import { QRCodeSVG } from "qrcode.react";
import { useState, type FormEvent } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { FormControl, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api";
import { notify } from "@/lib/toast";
import {
  useDisableFactor,
  useEnableFactor,
  useFactorStatus,
  useRegenerateRecoveryCodes,
  useSetupFactor,
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

/** A code field with its own submit button (the small forms of this card). */
function CodeForm({
  id,
  label,
  submitLabel,
  pending,
  onSubmit,
  extra,
}: {
  id: string;
  label: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (code: string) => Promise<string | undefined>;
  extra?: React.ReactNode;
}) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) {
      setError("Enter the 6-digit code");
      return;
    }
    const failed = await onSubmit(code.trim());
    setError(failed);
    if (failed) setCode("");
  };
  return (
    <form onSubmit={submit} noValidate className="grid max-w-sm gap-4">
      {extra}
      <FormField id={id} label={label} error={error}>
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

/** Setting up: the key as a QR code (drawn here, never by a third party) and as text, then the first code. */
export function EnrolFactor({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const setup = useSetupFactor();
  const enable = useEnableFactor();
  const [key, setKey] = useState<FactorSetup | null>(null);

  if (!key) {
    return (
      <div className="grid gap-3">
        <p className="text-sm text-muted-foreground">
          Use an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Aegis…) so that signing in
          takes your password and a 6-digit code from your phone.
        </p>
        {setup.isError && (
          <Alert variant="destructive">
            <AlertDescription>{errorMessage(setup.error)}</AlertDescription>
          </Alert>
        )}
        <div>
          <Button
            onClick={() => setup.mutate(undefined, { onSuccess: setKey })}
            disabled={setup.isPending}
            aria-busy={setup.isPending}
          >
            <ShieldCheck aria-hidden="true" />
            Set up two-factor authentication
          </Button>
        </div>
      </div>
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
        onSubmit={async (code) => {
          try {
            onEnabled(await enable.mutateAsync(code));
            notify.success("Two-factor authentication is on", "Save your recovery codes now.");
            return undefined;
          } catch (err) {
            return errorMessage(err);
          }
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
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<string | undefined>();
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
                extra={<p className="text-sm text-muted-foreground">Your old recovery codes stop working.</p>}
                onSubmit={async (code) => {
                  try {
                    setCodes(await regenerate.mutateAsync(code));
                    setMode("idle");
                    return undefined;
                  } catch (err) {
                    return errorMessage(err);
                  }
                }}
              />
            )}
            {mode === "disable" && (
              <CodeForm
                id="disable-code"
                label="Enter the 6-digit code from your authenticator app"
                submitLabel={disable.isPending ? "Turning off..." : "Turn off two-factor authentication"}
                pending={disable.isPending}
                extra={
                  <FormField id="disable-password" label="Password" error={passwordError}>
                    <FormControl>
                      <Input
                        type="password"
                        autoComplete="current-password"
                        value={password}
                        onChange={(e) => setPassword(e.target.value)}
                      />
                    </FormControl>
                  </FormField>
                }
                onSubmit={async (code) => {
                  setPasswordError(undefined);
                  try {
                    await disable.mutateAsync({ password, code });
                    notify.success("Two-factor authentication is off", "Your password alone now signs you in.");
                    setMode("idle");
                    setPassword("");
                    return undefined;
                  } catch (err) {
                    const message = errorMessage(err);
                    if (err instanceof Error && "field" in err && err.field === "password") {
                      setPasswordError(message);
                      return undefined;
                    }
                    return message;
                  }
                }}
              />
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
