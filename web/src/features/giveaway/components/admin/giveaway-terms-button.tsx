import { Gift } from "lucide-react";
import { useState, type FormEvent } from "react";
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
import { useSaveTerms, useTerms } from "../../api/admin-terms";
import type { Terms } from "../../api/schemas";
import { dollarsToCents } from "./giveaway-rules-form";

function TermsForm({ webinarId, terms, onDone }: { webinarId: string; terms: Terms; onDone: () => void }) {
  const timeZone = useStoreTimeZone();
  const save = useSaveTerms(webinarId);
  const wall = terms.draws_at ? toWallClock(terms.draws_at, timeZone) : null;
  const [date, setDate] = useState(wall?.date ?? "");
  const [time, setTime] = useState(wall?.time ?? "");
  const [prize, setPrize] = useState(terms.prize_description ?? "");
  const [value, setValue] = useState(terms.prize_value_cents ? (terms.prize_value_cents / 100).toFixed(2) : "");
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    let drawsAt: string | null = null;
    if (date || time) {
      drawsAt = fromWallClock(date, time || "00:00", timeZone);
      if (!drawsAt) return setError("Giveaway draw date must be a valid date and time");
    }
    const cents = value.trim() ? dollarsToCents(value) : null;
    if (cents !== null && !(cents > 0)) return setError("Prize value must be greater than $0");
    try {
      await save.mutateAsync({ draws_at: drawsAt, prize_description: prize.trim() || null, prize_value_cents: cents });
      onDone();
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Webinar giveaway">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Giveaway draws on</legend>
        <div className="grid grid-cols-2 gap-3">
          <div className="grid gap-1">
            <Label htmlFor="terms-date">Date</Label>
            <Input id="terms-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="terms-time">Time ({timeZone})</Label>
            <Input id="terms-time" type="time" value={time} onChange={(e) => setTime(e.target.value)} />
          </div>
        </div>
        <p className="text-xs text-muted-foreground">Leave empty for the default: 30 days after the event.</p>
      </fieldset>
      <div className="grid gap-1">
        <Label htmlFor="terms-prize">Prize (optional)</Label>
        <Textarea id="terms-prize" rows={2} value={prize} onChange={(e) => setPrize(e.target.value)} />
        <p className="text-xs text-muted-foreground">Leave empty for the default prize of the official rules.</p>
      </div>
      <div className="grid gap-1">
        <Label htmlFor="terms-value">Approximate Retail Value ($, optional)</Label>
        <Input id="terms-value" inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} />
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
