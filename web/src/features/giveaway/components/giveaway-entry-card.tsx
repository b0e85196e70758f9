import { CircleCheck, Gift } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import { Link } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { useAuth } from "@/lib/auth/use-auth";
import { formatEventDate } from "@/lib/format";
import { useStoreTimeZone } from "@/lib/use-store-time-zone";
import { formatMoney } from "@/lib/money";
import { errorMessage, isApiError } from "@/lib/api";
import { useEnterGiveaway } from "../api/enter-giveaway";
import { useRulesPage } from "../api/get-rules-page";
import { Commitment } from "./commitment";
import { useWebinarGiveaway } from "../api/get-webinar-giveaway";
import type { Rules, WebinarGiveaway } from "../api/schemas";

export const NO_PURCHASE = "No purchase necessary. A purchase does not improve your chances of winning.";
export const ENTERED = "You're entered in the giveaway";

/** "21 or older, legal residents of …, and …": what the entrant confirms. */
/** A long label wraps on a narrow phone instead of widening the page. */
const WRAP = "h-auto min-h-10 whitespace-normal text-center";

export function eligibilityText(rules: Rules): string {
  const extra = rules.extra_eligibility ? ` ${rules.extra_eligibility.replace(/\.$/, "")}.` : "";
  return `I am ${rules.min_age} or older and one of: ${rules.residency.replace(/\.$/, "")}.${extra}`;
}

type Errors = { eligible?: string; accept_rules?: string; form?: string };

/** The free-entry form: confirm eligibility, agree to the rules, opt in to the name on the rules page. */
function FreeEntryForm({ giveaway, rules }: { giveaway: WebinarGiveaway; rules: Rules | undefined }) {
  const enter = useEnterGiveaway(giveaway.webinar_id);
  const [eligible, setEligible] = useState(false);
  const [accept, setAccept] = useState(false);
  const [showName, setShowName] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const id = `giveaway-${giveaway.webinar_id}`;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    if (!eligible) next.eligible = "Please confirm that you meet the eligibility requirements.";
    if (!accept) next.accept_rules = "Please agree to the official rules.";
    setErrors(next);
    if (next.eligible || next.accept_rules) return;
    try {
      await enter.mutateAsync({ eligible, accept_rules: accept, show_name: showName });
    } catch (error) {
      const field = isApiError(error) ? error.field : undefined;
      setErrors(field === "eligible" || field === "accept_rules" ? { [field]: errorMessage(error) } : { form: errorMessage(error) });
    }
  };

  const box = (key: "eligible" | "accept_rules" | "show_name", checked: boolean, set: (v: boolean) => void, label: ReactNode) => {
    const error = key === "show_name" ? undefined : errors[key];
    return (
      <div className="grid gap-1">
        <div className="flex items-start gap-3">
          <Checkbox
            id={`${id}-${key}`}
            checked={checked}
            onCheckedChange={(v) => set(v === true)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-${key}-error` : undefined}
            className="mt-0.5"
          />
          <Label htmlFor={`${id}-${key}`} className="leading-snug font-normal">
            {label}
          </Label>
        </div>
        {error && (
          <p id={`${id}-${key}-error`} className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Free giveaway entry">
      {box("eligible", eligible, setEligible, rules ? eligibilityText(rules) : "I meet the eligibility requirements of the official rules.")}
      {box(
        "accept_rules",
        accept,
        setAccept,
        <>
          I agree to the{" "}
          <Link to="/giveaway-rules" className="font-medium underline">
            Official Rules
          </Link>
          .
        </>,
      )}
      {box("show_name", showName, setShowName, "If I win, show my first name and last initial on the rules page.")}
      {errors.form && (
        <Alert variant="destructive">
          <AlertTitle>{errors.form}</AlertTitle>
        </Alert>
      )}
      <Button type="submit" disabled={enter.isPending}>
        {enter.isPending ? "Entering..." : "Enter the Giveaway"}
      </Button>
    </form>
  );
}

/**
 * The webinar's gear giveaway (docs/product.md#giveaway) on its detail and watch
 * pages: the prize, the draw date, "no purchase necessary", and the free
 * entry for signed-in users ("Enter the giveaway without purchase").
 */
export function GiveawayEntryCard({ webinarId }: { webinarId: string }) {
  const { user, profile, loading } = useAuth();
  const timeZone = useStoreTimeZone();
  const query = useWebinarGiveaway(webinarId, user?.id ?? null, !loading);
  const rules = useRulesPage().data?.rules;
  const [formOpen, setFormOpen] = useState(false);

  if (query.isPending) return <div role="status" aria-label="Loading the giveaway"><Skeleton className="h-40 w-full rounded-xl" /></div>;
  if (query.isError) return null;
  const g = query.data;
  const staff = profile && profile.role !== "user";

  let action;
  if (g.entry) {
    action = (
      <Alert variant="success">
        <CircleCheck aria-hidden="true" />
        <AlertTitle>{ENTERED}</AlertTitle>
        <AlertDescription>
          {g.entry.kind === "paid" ? "Your coupon purchase is your entry." : "Your free entry counts the same as a purchase."}{" "}
          One entry per person.
        </AlertDescription>
      </Alert>
    );
  } else if (!g.open) {
    action = <p className="text-sm text-muted-foreground">Entries for this giveaway are closed.</p>;
  } else if (!user) {
    action = (
      <Button asChild variant="outline" className={WRAP}>
        <Link to="/auth">Log in to enter the giveaway without purchase</Link>
      </Button>
    );
  } else if (staff) {
    action = <p className="text-sm text-muted-foreground">Store staff and administrators may not enter the giveaway.</p>;
  } else if (formOpen) {
    action = <FreeEntryForm giveaway={g} rules={rules} />;
  } else {
    action = (
      <Button variant="outline" className={WRAP} onClick={() => setFormOpen(true)}>
        <Gift aria-hidden="true" />
        Enter the giveaway without purchase
      </Button>
    );
  }

  return (
    <Card className="gap-4 p-5 sm:p-6">
      <section aria-labelledby={`giveaway-${webinarId}-heading`} className="grid gap-4">
        <div className="grid gap-1">
          <h2 id={`giveaway-${webinarId}-heading`} className="flex items-center gap-2 text-lg font-bold text-ink">
            <Gift className="size-5 text-accent-600" aria-hidden="true" />
            Gear giveaway
          </h2>
          <p className="text-sm text-zinc-700">
            Prize: {g.prize_description} (approximate retail value {formatMoney(g.prize_value_cents / 100)}).
          </p>
          <p className="text-sm text-zinc-700">
            Drawn {formatEventDate(g.draws_at, timeZone)}, or earlier when every seat is sold.
          </p>
          <p className="text-sm font-semibold text-ink">{NO_PURCHASE}</p>
          <Commitment giveaway={g} />
          <p className="text-sm">
            {/* A link on its own line: at least 24 px tall (WCAG 2.5.8). */}
            <Link to="/giveaway-rules" className="inline-flex min-h-6 items-center font-medium text-accent-700 underline">
              Official Giveaway Rules
            </Link>
          </p>
        </div>
        {action}
      </section>
    </Card>
  );
}
