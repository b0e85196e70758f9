import { useMutation } from "@tanstack/react-query";
import { BellPlus, CircleCheck } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiError, api, errorMessage } from "@/lib/api";
import { takeFormFlash, useFormFlash, type FormFlash } from "@/lib/form-flash";
import { cn } from "@/lib/utils";
import { zm } from "@/lib/zod";

/**
 * The box's one field, in zod/mini: the box is in every page's footer, so it
 * is part of a first visit's JavaScript, whose budget (scripts/check-bundle.mjs)
 * has no room for classic zod or react-hook-form. The server checks it again.
 */
const emailSchema = zm.pipe(
  zm.string().check(zm.trim()),
  zm.email({ error: "Please enter a valid email address" }),
);

/** POST /api/webinar-alerts answers 202 with one neutral message, whatever the address. */
const subscribedSchema = zm.object({ message: zm.string() });

/** POST /api/webinar-alerts: asks for a confirmation link (double opt-in, docs/api.md#new-webinar-alerts). */
export function useSubscribeToWebinarAlerts() {
  return useMutation({
    mutationFn: (email: string) => api.post("/api/webinar-alerts", { email }, { schema: subscribedSchema }),
  });
}

type SubscribeBoxProps = {
  /** "dark" on the footer's black, "light" on cards and pages. */
  tone?: "light" | "dark";
  className?: string;
  /** The heading's words (defaults to the box's name). */
  title?: string;
  /** Which box of the page this is: a form posted before the app started comes back to it. */
  box?: "page" | "footer";
};

/**
 * The "Tell me about new webinars" box (on /webinars, the sold-out screens
 * and the footer): an e-mail address and no account needed. The server
 * answers the same for every address, so the box shows that answer. The
 * field is uncontrolled: what a visitor typed into the server's paint stays
 * when React adopts it.
 */
export function SubscribeBox({ tone = "light", className, title = "Tell me about new webinars", box = "page" }: SubscribeBoxProps) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const subscribe = useSubscribeToWebinarAlerts();
  const [invalid, setInvalid] = useState<string | null>(null);
  const dark = tone === "dark";

  // This box was posted before the app started (lib/form-flash.ts): show
  // its answer, or its error with what was typed.
  const flash = useFormFlash((f) => f.form === "webinar_alerts" && f.values.box === box);
  const [arrived, setArrived] = useState<FormFlash | null>(null);
  if (flash && flash !== arrived) {
    setArrived(flash);
    if (flash.outcome === "error") setInvalid(flash.message ?? "");
  }
  useEffect(() => {
    if (!arrived || !takeFormFlash((f) => f === arrived) || arrived.outcome !== "error" || !field.current) return;
    field.current.value = arrived.values.email ?? "";
    field.current.focus();
  }, [arrived]);

  const answer = subscribe.data?.message ?? (arrived?.outcome === "subscribed" ? arrived.message : undefined);
  const fieldError = subscribe.error instanceof ApiError && subscribe.error.field === "email" ? subscribe.error.message : null;
  const error = invalid ?? fieldError;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = zm.safeParse(emailSchema, field.current?.value ?? "");
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? "");
      field.current?.focus();
      return;
    }
    setInvalid(null);
    subscribe.mutate(parsed.data);
  }

  return (
    <section aria-labelledby={`${id}-title`} className={cn("grid gap-3", className)}>
      <h2 id={`${id}-title`} className={cn("flex items-center gap-2 font-semibold", dark ? "text-sm tracking-wide text-white uppercase" : "text-lg text-ink")}>
        <BellPlus className={cn("size-4", dark ? "text-accent-400" : "text-accent-600")} aria-hidden="true" />
        {title}
      </h2>
      {answer ? (
        <Alert variant="success" role="status">
          <CircleCheck aria-hidden="true" />
          <AlertDescription>{answer}</AlertDescription>
        </Alert>
      ) : (
        // method and action: an Enter or a press before the app has started
        // posts the box itself (docs/api.md#forms-without-javascript).
        <form method="post" action="/api/webinar-alerts" noValidate onSubmit={onSubmit} className="grid gap-2">
          <input type="hidden" name="box" value={box} />
          <p className={cn("text-sm", dark ? "text-zinc-400" : "text-muted-foreground")}>
            One e-mail when we publish a new webinar. No account needed; unsubscribe in one click.
          </p>
          <Label htmlFor={`${id}-email`} className={dark ? "text-zinc-300" : undefined}>
            Email Address
          </Label>
          <div className="flex gap-2">
            <Input
              ref={field}
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${id}-error` : undefined}
              className={dark ? "border-zinc-700 bg-zinc-900 text-white" : undefined}
              onChange={() => {
                setInvalid(null);
                if (subscribe.isError) subscribe.reset();
              }}
            />
            <Button type="submit" disabled={subscribe.isPending}>
              {subscribe.isPending ? "Sending..." : "Notify me"}
            </Button>
          </div>
          {error && (
            <p id={`${id}-error`} className="text-sm text-destructive">
              {error}
            </p>
          )}
          {subscribe.isError && !fieldError && (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(subscribe.error)}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
