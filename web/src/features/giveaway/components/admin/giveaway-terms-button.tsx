import { Gift } from "lucide-react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { fromWallClock, toWallClock } from "@/lib/store-time";
import { useStoreTimeZone } from "@/lib/use-store-time-zone";
import { errorMessage } from "@/lib/api";
import { z } from "@/lib/zod";
import { useSaveTerms, useTerms } from "../../api/admin-terms";
import type { Terms } from "../../api/schemas";
import { dollarsToCents } from "./giveaway-rules-form";

/**
 * The form's fields checked and turned into the API's body: an empty draw
 * date and prize value keep their defaults; a draw date is read as wall-clock
 * time in the store's zone.
 */
function termsFormSchema(timeZone: string) {
  const drawsAt = (v: { date: string; time: string }) => (v.date || v.time ? fromWallClock(v.date, v.time || "00:00", timeZone) : null);
  const cents = (value: string) => (value.trim() ? dollarsToCents(value) : null);
  return z
    .object({ date: z.string(), time: z.string(), prize: z.string(), value: z.string() })
    .superRefine((v, ctx) => {
      if ((v.date || v.time) && !drawsAt(v)) {
        ctx.addIssue({ code: "custom", path: ["date"], message: "Giveaway draw date must be a valid date and time" });
        return;
      }
      const c = cents(v.value);
      if (c !== null && !(c > 0)) ctx.addIssue({ code: "custom", path: ["value"], message: "Prize value must be greater than $0" });
    })
    .transform((v) => ({ draws_at: drawsAt(v), prize_description: v.prize.trim() || null, prize_value_cents: cents(v.value) }));
}

type TermsFormValues = { date: string; time: string; prize: string; value: string };

function TermsForm({ webinarId, terms, onDone }: { webinarId: string; terms: Terms; onDone: () => void }) {
  const timeZone = useStoreTimeZone();
  const save = useSaveTerms(webinarId);
  const wall = terms.draws_at ? toWallClock(terms.draws_at, timeZone) : null;
  const form = useForm<TermsFormValues, unknown, z.output<ReturnType<typeof termsFormSchema>>>({
    resolver: zodResolver(termsFormSchema(timeZone)),
    defaultValues: {
      date: wall?.date ?? "",
      time: wall?.time ?? "",
      prize: terms.prize_description ?? "",
      value: terms.prize_value_cents ? (terms.prize_value_cents / 100).toFixed(2) : "",
    },
  });
  const { errors } = form.formState;
  // One message at a time, as the form always showed it.
  const error = errors.date?.message ?? errors.value?.message ?? errors.root?.message ?? null;

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync(body);
      onDone();
    } catch (err) {
      form.setError("root", { message: errorMessage(err) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Webinar giveaway">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Giveaway draws on</legend>
        <div className="grid grid-cols-2 gap-3">
          <div className="grid gap-1">
            <Label htmlFor="terms-date">Date</Label>
            <Input id="terms-date" type="date" {...form.register("date")} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="terms-time">Time ({timeZone})</Label>
            <Input id="terms-time" type="time" {...form.register("time")} />
          </div>
        </div>
        <p className="text-xs text-muted-foreground">Leave empty for the default: 30 days after the event.</p>
      </fieldset>
      <div className="grid gap-1">
        <Label htmlFor="terms-prize">Prize (optional)</Label>
        <Textarea id="terms-prize" rows={2} {...form.register("prize")} />
        <p className="text-xs text-muted-foreground">Leave empty for the default prize of the official rules.</p>
      </div>
      <div className="grid gap-1">
        <Label htmlFor="terms-value">Approximate Retail Value ($, optional)</Label>
        <Input id="terms-value" inputMode="decimal" {...form.register("value")} />
      </div>
      {error && (
        <Alert variant="destructive">
          <AlertTitle>{error}</AlertTitle>
        </Alert>
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save Giveaway"}
        </Button>
      </div>
    </form>
  );
}

/** A webinar's giveaway terms (its draw date and prize) from the admin webinar list. */
export function GiveawayTermsButton({ webinarId, title }: { webinarId: string; title: string }) {
  const [open, setOpen] = useState(false);
  const terms = useTerms(webinarId, open);
  return (
    <>
      <Button variant="ghost" size="icon" aria-label={`Giveaway of ${title}`} onClick={() => setOpen(true)}>
        <Gift aria-hidden="true" />
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Giveaway of {title}</DialogTitle>
            <DialogDescription>When the giveaway draws if the paid seats have not filled first, and its prize.</DialogDescription>
          </DialogHeader>
          {terms.isError ? (
            <Alert variant="destructive">
              <AlertTitle>{errorMessage(terms.error)}</AlertTitle>
            </Alert>
          ) : terms.data ? (
            <TermsForm webinarId={webinarId} terms={terms.data} onDone={() => setOpen(false)} />
          ) : (
            <div role="status" aria-label="Loading the giveaway"><Skeleton className="h-48" /></div>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
