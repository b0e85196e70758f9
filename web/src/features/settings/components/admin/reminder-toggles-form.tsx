import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { REMINDER_KINDS, REMINDER_LABELS, type ReminderKind } from "@/lib/reminder-kinds";
import { errorMessage } from "@/lib/api";
import { useSaveReminderSettings } from "../../api/save-settings";
import type { AdminSettings } from "../../api/schemas";
import { SettingsAlert, type SaveOutcome } from "./settings-alert";

type Toggles = Record<ReminderKind, boolean>;

/** The stored switches: every kind is on unless its key says "false". */
function togglesFrom(settings: AdminSettings): Toggles {
  return {
    ready: settings.reminder_ready_enabled !== "false",
    unfinished: settings.reminder_unfinished_enabled !== "false",
    offer: settings.reminder_offer_enabled !== "false",
  };
}

/**
 * Feature Toggles: each reminder e-mail on or off for the whole site
 * (docs/api.md#reminders). A kind turned off sends nothing more, and its
 * reminders still waiting in the outbox are withdrawn.
 */
export function ReminderTogglesForm({ settings }: { settings: AdminSettings }) {
  const [toggles, setToggles] = useState<Toggles>(() => togglesFrom(settings));
  const [outcome, setOutcome] = useState<SaveOutcome>(null);
  const save = useSaveReminderSettings();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setOutcome(null);
    try {
      const saved = await save.mutateAsync(toggles);
      setToggles(saved);
      setOutcome({ kind: "success", message: "Reminder settings saved!" });
    } catch (error) {
      setOutcome({ kind: "error", message: `Error saving: ${errorMessage(error)}` });
    }
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-5" aria-label="Reminder e-mails">
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-base font-semibold text-ink">Reminder e-mails</legend>
        {REMINDER_KINDS.map((kind) => {
          const id = `site-reminder-${kind}`;
          return (
            <div key={kind} className="flex items-start justify-between gap-4">
              <div className="grid gap-1">
                <Label htmlFor={id}>{REMINDER_LABELS[kind].label}</Label>
                <p id={`${id}-description`} className="text-sm text-muted-foreground">
                  {REMINDER_LABELS[kind].description}
                </p>
              </div>
              <Switch
                id={id}
                checked={toggles[kind]}
                aria-describedby={`${id}-description`}
                onCheckedChange={(on) => setToggles((t) => ({ ...t, [kind]: on }))}
              />
            </div>
          );
        })}
      </fieldset>
      <SettingsAlert outcome={outcome} />
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save Reminder Settings"}
        </Button>
      </div>
    </form>
  );
}
