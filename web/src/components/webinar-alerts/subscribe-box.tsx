import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { BellPlus, CircleCheck } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { api, errorMessage } from "@/lib/api";
import { cn } from "@/lib/utils";
import { z, zm } from "@/lib/zod";

const subscribeSchema = z.object({
  email: z.string().trim().pipe(z.email({ error: "Please enter a valid email address" })),
});
type SubscribeInput = z.infer<typeof subscribeSchema>;

/** POST /api/webinar-alerts answers 202 with one neutral message, whatever the address. */
const subscribedSchema = zm.object({ message: zm.string() });

/** POST /api/webinar-alerts: asks for a confirmation link (double opt-in, docs/api.md "New-webinar alerts"). */
export function useSubscribeToWebinarAlerts() {
  return useMutation({
    mutationFn: (input: SubscribeInput) => api.post("/api/webinar-alerts", input, { schema: subscribedSchema }),
  });
}

type SubscribeBoxProps = {
  /** "dark" on the footer's black, "light" on cards and pages. */
  tone?: "light" | "dark";
  className?: string;
  /** The heading's words (defaults to the box's name). */
  title?: string;
};

/**
 * The "Tell me about new webinars" box (on /webinars, the sold-out screens
 * and the footer): an e-mail address and no account needed. The server
 * answers the same for every address, so the box shows that answer.
 */
export function SubscribeBox({ tone = "light", className, title = "Tell me about new webinars" }: SubscribeBoxProps) {
  const id = useId();
  const subscribe = useSubscribeToWebinarAlerts();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SubscribeInput>({ resolver: zodResolver(subscribeSchema), defaultValues: { email: "" } });
  const dark = tone === "dark";
  const error = errors.email?.message;

  return (
    <section aria-labelledby={`${id}-title`} className={cn("grid gap-3", className)}>
      <h2 id={`${id}-title`} className={cn("flex items-center gap-2 font-semibold", dark ? "text-sm tracking-wide text-white uppercase" : "text-lg text-ink")}>
        <BellPlus className={cn("size-4", dark ? "text-accent-400" : "text-accent-600")} aria-hidden="true" />
        {title}
      </h2>
      {subscribe.isSuccess ? (
        <Alert variant="success" role="status">
          <CircleCheck aria-hidden="true" />
          <AlertDescription>{subscribe.data.message}</AlertDescription>
        </Alert>
      ) : (
        <form noValidate onSubmit={handleSubmit((input) => subscribe.mutate(input))} className="grid gap-2">
          <p className={cn("text-sm", dark ? "text-zinc-400" : "text-muted-foreground")}>
            One e-mail when we publish a new webinar. No account needed; unsubscribe in one click.
          </p>
          <Label htmlFor={`${id}-email`} className={dark ? "text-zinc-300" : undefined}>
            Email Address
          </Label>
          <div className="flex gap-2">
            <Input
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${id}-error` : undefined}
              className={dark ? "border-zinc-700 bg-zinc-900 text-white" : undefined}
              {...register("email")}
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
          {subscribe.isError && (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(subscribe.error)}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
