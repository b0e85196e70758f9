import { BellRing, RotateCw } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { errorMessage } from "@/lib/api";
import { notify } from "@/lib/toast";
import { useReminderPreferences, useSetReminderPreference } from "../api/preferences";
import { REMINDER_LABELS, SWITCH_KINDS, type SwitchKind } from "@/lib/reminder-kinds";

/**
 * My Dashboard's Settings tab: the "Reminder e-mails" switches
 * (docs/api.md#reminders), the same preference an e-mail's unsubscribe link
 * turns off. Each switch saves on its own.
 */
export function ReminderSwitches() {
  const prefs = useReminderPreferences();
  const save = useSetReminderPreference();

  const change = (kind: SwitchKind, on: boolean) =>
    save.mutate(
      { kind, on },
      {
        onSuccess: () => notify.success("Reminder e-mails saved", `"${REMINDER_LABELS[kind].label}" e-mails are ${on ? "on" : "off"}.`),
        onError: (error) => notify.error("Error saving", errorMessage(error)),
      },
    );

  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-xl font-bold text-ink">
          <BellRing className="size-5 text-accent-600" aria-hidden="true" />
          Reminder e-mails
        </h2>
        <CardDescription>
          Short e-mails about your webinars, your store credit and new webinars. Your coupons, receipts and account e-mails always come.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {prefs.isError ? (
          <Alert variant="destructive">
            <AlertDescription>
              <p>Could not load your reminder settings. {errorMessage(prefs.error)}</p>
              <div>
                <Button variant="outline" size="sm" className="mt-2" onClick={() => void prefs.refetch()} disabled={prefs.isFetching}>
                  <RotateCw aria-hidden="true" />
                  Try Again
                </Button>
              </div>
            </AlertDescription>
          </Alert>
        ) : (
          <ul className="divide-y" aria-busy={prefs.isPending}>
            {SWITCH_KINDS.map((kind) => {
              const id = `reminder-${kind}`;
              // The switch shows the choice being saved, then what the server kept.
              const pending = save.isPending && save.variables?.kind === kind;
              const checked = pending ? save.variables.on : prefs.data?.[kind];
              return (
                <li key={kind} className="flex items-start justify-between gap-4 py-4 first:pt-0 last:pb-0">
                  <div className="grid gap-1">
                    <Label htmlFor={id} className="text-base font-semibold">
                      {REMINDER_LABELS[kind].label}
                    </Label>
                    <p id={`${id}-description`} className="text-sm text-muted-foreground">
                      {REMINDER_LABELS[kind].description}
                    </p>
                  </div>
                  {prefs.isPending ? (
                    <Skeleton className="h-6 w-11 rounded-full" />
                  ) : (
                    <Switch
                      id={id}
                      checked={checked ?? true}
                      disabled={save.isPending}
                      aria-describedby={`${id}-description`}
                      onCheckedChange={(on) => change(kind, on)}
                    />
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
