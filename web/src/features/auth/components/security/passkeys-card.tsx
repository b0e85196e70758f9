import { Fingerprint, Pencil, Plus, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { formatDistanceToNow } from "date-fns";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { FormControl, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage, isApiError } from "@/lib/api";
import { notify } from "@/lib/toast";
import {
  passkeyCancelled,
  useAddPasskey,
  usePasskeys,
  useRemovePasskey,
  useRenamePasskey,
  type Passkey,
} from "../../api/passkeys";
import { PasswordField, passwordError } from "./two-factor-card";

/** A passkey's suggested name: the browser and system it is made on. */
function deviceName(): string {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua) ? "Edge" : /Firefox\//.test(ua) ? "Firefox" : /Chrome\//.test(ua) ? "Chrome" : /Safari\//.test(ua) ? "Safari" : "Browser";
  const system = /iPhone|iPad/.test(ua) ? "iOS" : /Android/.test(ua) ? "Android" : /Mac OS X/.test(ua) ? "Mac" : /Windows/.test(ua) ? "Windows" : /Linux/.test(ua) ? "Linux" : "";
  return system ? `${browser} on ${system}` : browser;
}

/**
 * Adding a passkey: its name and the current password (asked at once, as the
 * second factor's set-up does), then the browser's own prompt. onAdded runs
 * once it is stored.
 */
export function AddPasskeyForm({ onAdded, onCancel }: { onAdded: () => void; onCancel?: () => void }) {
  const add = useAddPasskey();
  const [name, setName] = useState(deviceName);
  const [password, setPassword] = useState("");
  const [nameError, setNameError] = useState<string | undefined>();
  const [pwError, setPwError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missingName = name.trim() ? undefined : "Name this passkey";
    const missingPassword = password ? undefined : "Enter your current password";
    setNameError(missingName);
    setPwError(missingPassword);
    setFailure(undefined);
    if (missingName || missingPassword) return;
    try {
      await add.mutateAsync({ name: name.trim(), password });
    } catch (err) {
      if (passkeyCancelled(err)) {
        setFailure("The passkey was not created. Try again when you are ready.");
      } else if (passwordError(err)) {
        setPwError(passwordError(err));
        setPassword("");
      } else if (isApiError(err) && err.field === "name") {
        setNameError(err.message);
      } else {
        setFailure(errorMessage(err));
      }
      return;
    }
    notify.success("Passkey added", "You can sign in with it on the login page.");
    onAdded();
  };
  return (
    <form onSubmit={submit} noValidate className="grid max-w-sm gap-4" aria-label="Add a passkey">
      <p className="text-sm text-muted-foreground">
        Create a passkey only on a device or password manager you control: whoever holds it can sign in as you.
      </p>
      {failure && (
        <Alert variant="destructive">
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      )}
      <FormField id="passkey-name" label="Passkey name" error={nameError}>
        <FormControl>
          <Input value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
        </FormControl>
      </FormField>
      <PasswordField id="passkey-password" value={password} onChange={setPassword} error={pwError} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={add.isPending} aria-busy={add.isPending}>
          <Fingerprint aria-hidden="true" />
          {add.isPending ? "Waiting for your passkey..." : "Create passkey"}
        </Button>
        {onCancel && (
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

/** One passkey's row: its name and dates, and its rename and remove forms. */
function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [mode, setMode] = useState<"idle" | "rename" | "remove">("idle");
  const [name, setName] = useState(passkey.name);
  const [password, setPassword] = useState("");
  const [withPassword, setWithPassword] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const submitRename = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await rename.mutateAsync({ id: passkey.id, name: name.trim() });
      setMode("idle");
      setError(undefined);
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  const submitRemove = async (e: FormEvent) => {
    e.preventDefault();
    if (withPassword && !password) {
      setError("Enter your current password");
      return;
    }
    try {
      await remove.mutateAsync({ id: passkey.id, password: withPassword ? password : undefined });
      notify.success("Passkey removed", "Your password still signs you in.");
    } catch (err) {
      const forPassword = passwordError(err);
      if (forPassword) setWithPassword(true);
      setError(forPassword ?? errorMessage(err));
      setPassword("");
    }
  };
  const ago = (iso: string) => formatDistanceToNow(new Date(iso), { addSuffix: true });
  const used = passkey.last_used_at ? `last used ${ago(passkey.last_used_at)}` : "never used";
  return (
    <li className="grid gap-3 rounded-md border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-medium text-ink">{passkey.name}</p>
          <p className="text-sm text-muted-foreground">
            Added {ago(passkey.created_at)}, {used}
            {passkey.backed_up ? " · synced to your other devices" : ""}
          </p>
        </div>
        {mode === "idle" && (
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={() => setMode("rename")} aria-label={`Rename ${passkey.name}`}>
              <Pencil aria-hidden="true" />
              Rename
            </Button>
            <Button variant="outline" size="sm" onClick={() => setMode("remove")} aria-label={`Remove ${passkey.name}`}>
              <Trash2 aria-hidden="true" />
              Remove
            </Button>
          </div>
        )}
      </div>
      {mode === "rename" && (
        <form onSubmit={submitRename} noValidate className="grid max-w-sm gap-3" aria-label={`Rename ${passkey.name}`}>
          <FormField id={`rename-${passkey.id}`} label="New name" error={error}>
            <FormControl>
              <Input value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
            </FormControl>
          </FormField>
          <div className="flex gap-2">
            <Button type="submit" disabled={rename.isPending} aria-busy={rename.isPending}>
              Save name
            </Button>
            <Button type="button" variant="ghost" onClick={() => setMode("idle")}>
              Cancel
            </Button>
          </div>
        </form>
      )}
      {mode === "remove" && (
        <form onSubmit={submitRemove} noValidate className="grid max-w-sm gap-3" aria-label={`Remove ${passkey.name}`}>
          <p className="text-sm text-muted-foreground">It will no longer sign you in; your password still will.</p>
          {withPassword ? (
            <PasswordField id={`remove-${passkey.id}-password`} value={password} onChange={setPassword} error={error} />
          ) : (
            error && (
              <Alert variant="destructive">
                <AlertDescription>{error}</AlertDescription>
              </Alert>
            )
          )}
          <div className="flex gap-2">
            <Button type="submit" variant="destructive" disabled={remove.isPending} aria-busy={remove.isPending}>
              Remove passkey
            </Button>
            <Button type="button" variant="ghost" onClick={() => setMode("idle")}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </li>
  );
}

/** The Security tab's passkeys: the list, and adding one. */
export function PasskeysCard() {
  const passkeys = usePasskeys();
  const [adding, setAdding] = useState(false);
  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-xl font-bold text-ink">
          <Fingerprint className="size-5 text-accent-600" aria-hidden="true" />
          Passkeys
        </h2>
        <CardDescription>
          Sign in with your fingerprint, face or screen lock instead of your password and code. A passkey works only on
          this site, so a fake page can't steal it.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {passkeys.isPending ? (
          <Skeleton className="h-10 w-64" />
        ) : passkeys.isError ? (
          <Alert variant="destructive">
            <AlertDescription>Could not load your passkeys. {errorMessage(passkeys.error)}</AlertDescription>
          </Alert>
        ) : passkeys.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">You have no passkeys yet.</p>
        ) : (
          <ul className="grid gap-3" aria-label="Your passkeys">
            {passkeys.data.map((k) => (
              <PasskeyRow key={k.id} passkey={k} />
            ))}
          </ul>
        )}
        {adding ? (
          <AddPasskeyForm onAdded={() => setAdding(false)} onCancel={() => setAdding(false)} />
        ) : (
          <div>
            <Button variant="outline" onClick={() => setAdding(true)}>
              <Plus aria-hidden="true" />
              Add a passkey
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
