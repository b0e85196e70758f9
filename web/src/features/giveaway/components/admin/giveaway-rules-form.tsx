import { zodResolver } from "@hookform/resolvers/zod";
import { CircleAlert, CircleCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Alert, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormControl, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage, isApiError } from "@/lib/api";
import { z } from "@/lib/zod";
import { useAdminRules, useSaveRules } from "../../api/admin-rules";
import type { Rules } from "../../api/schemas";

/** Dollars typed in the form ("150" or "149.99") to cents; NaN when not a price. */
export function dollarsToCents(v: string): number {
  const t = v.trim().replace(/^\$/, "").replace(/,/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return NaN;
  const [whole, frac = ""] = t.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
}

const wholeDays = (lo: number, hi: number, message: string) =>
  z.string().trim().regex(/^\d+$/, message).refine((v) => Number(v) >= lo && Number(v) <= hi, message);

// The server's rules and messages (docs/api.md#giveaway); it checks them again on save.
const rulesFormSchema = z.object({
  sponsor_name: z.string().trim().min(1, "Sponsor name is required").max(200, "Sponsor name is too long"),
  sponsor_address: z.string().trim().min(1, "Sponsor address is required").max(1000, "Sponsor address is too long"),
  prize_description: z.string().trim().min(1, "Prize description is required").max(1000, "Prize description is too long"),
  prize_value: z
    .string()
    .trim()
    .min(1, "Prize value is required")
    .refine((v) => dollarsToCents(v) > 0, "Prize value is required")
    .refine((v) => dollarsToCents(v) <= 100_000_00, "Prize value must be at most $100,000"),
  min_age: wholeDays(21, 99, "Minimum age must be between 21 and 99"),
  residency: z.string().trim().min(1, "Residency is required").max(1000, "Residency is too long"),
  extra_eligibility: z.string().trim().max(1000, "Extra eligibility is too long"),
  notify_days: wholeDays(1, 60, "The winner must be notified within 1 to 60 days"),
  claim_days: wholeDays(1, 90, "The claim period must be 1 to 90 days"),
});
type RulesFormValues = z.infer<typeof rulesFormSchema>;

const toForm = (r: Rules): RulesFormValues => ({
  sponsor_name: r.sponsor_name,
  sponsor_address: r.sponsor_address,
  prize_description: r.prize_description,
  prize_value: (r.prize_value_cents / 100).toFixed(2),
  min_age: String(r.min_age),
  residency: r.residency,
  extra_eligibility: r.extra_eligibility,
  notify_days: String(r.notify_days),
  claim_days: String(r.claim_days),
});

const fieldOf: Record<string, keyof RulesFormValues> = {
  sponsor_name: "sponsor_name",
  sponsor_address: "sponsor_address",
  prize_description: "prize_description",
  prize_value_cents: "prize_value",
  min_age: "min_age",
  residency: "residency",
  extra_eligibility: "extra_eligibility",
  notify_days: "notify_days",
  claim_days: "claim_days",
};

function RulesForm({ rules }: { rules: Rules }) {
  const save = useSaveRules();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<RulesFormValues>({ resolver: zodResolver(rulesFormSchema), defaultValues: toForm(rules) });

  const onSubmit = handleSubmit(async (v) => {
    setOutcome(null);
    try {
      const saved = await save.mutateAsync({
        sponsor_name: v.sponsor_name,
        sponsor_address: v.sponsor_address,
        prize_description: v.prize_description,
        prize_value_cents: dollarsToCents(v.prize_value),
        min_age: Number(v.min_age),
        residency: v.residency,
        extra_eligibility: v.extra_eligibility,
        notify_days: Number(v.notify_days),
        claim_days: Number(v.claim_days),
      });
      reset(toForm(saved));
      setOutcome({ ok: true, message: "Giveaway rules saved!" });
    } catch (error) {
      const field = isApiError(error) && error.field ? fieldOf[error.field] : undefined;
      if (field) setError(field, { message: errorMessage(error) }, { shouldFocus: true });
      setOutcome({ ok: false, message: `Error saving: ${errorMessage(error)}` });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Giveaway rules">
      <div className="grid items-start gap-5 md:grid-cols-2">
        <FormField id="giveaway-sponsor-name" label="Sponsor Name" error={errors.sponsor_name?.message}>
          <FormControl>
            <Input autoComplete="off" {...register("sponsor_name")} />
          </FormControl>
        </FormField>
        <FormField id="giveaway-sponsor-address" label="Sponsor Address" error={errors.sponsor_address?.message}>
          <FormControl>
            <Input autoComplete="off" {...register("sponsor_address")} />
          </FormControl>
        </FormField>
        <FormField
          id="giveaway-prize-description"
          label="Default Prize"
          description="Used by every webinar that names no prize of its own."
          error={errors.prize_description?.message}
        >
          <FormControl>
            <Textarea rows={2} {...register("prize_description")} />
          </FormControl>
        </FormField>
        <FormField
          id="giveaway-prize-value"
          label="Approximate Retail Value ($)"
          error={errors.prize_value?.message}
        >
          <FormControl>
            <Input inputMode="decimal" autoComplete="off" {...register("prize_value")} />
          </FormControl>
        </FormField>
        <FormField id="giveaway-min-age" label="Minimum Age" error={errors.min_age?.message}>
          <FormControl>
            <Input inputMode="numeric" autoComplete="off" {...register("min_age")} />
          </FormControl>
        </FormField>
        <FormField
          id="giveaway-residency"
          label="Residency"
          description='Who may enter, e.g. "Legal residents of the United States".'
          error={errors.residency?.message}
        >
          <FormControl>
            <Input autoComplete="off" {...register("residency")} />
          </FormControl>
        </FormField>
        <FormField
          id="giveaway-extra-eligibility"
          label="Other Eligibility Rule (optional)"
          description="Entrants confirm it with their age and residency."
          error={errors.extra_eligibility?.message}
        >
          <FormControl>
            <Input autoComplete="off" {...register("extra_eligibility")} />
          </FormControl>
        </FormField>
        <FormField id="giveaway-notify-days" label="Notify the Winner Within (days)" error={errors.notify_days?.message}>
          <FormControl>
            <Input inputMode="numeric" autoComplete="off" {...register("notify_days")} />
          </FormControl>
        </FormField>
        <FormField id="giveaway-claim-days" label="Claim Period (days)" error={errors.claim_days?.message}>
          <FormControl>
            <Input inputMode="numeric" autoComplete="off" {...register("claim_days")} />
          </FormControl>
        </FormField>
      </div>
      {outcome && (
        <Alert variant={outcome.ok ? "success" : "destructive"}>
          {outcome.ok ? <CircleCheck aria-hidden="true" /> : <CircleAlert aria-hidden="true" />}
          <AlertTitle>{outcome.message}</AlertTitle>
        </Alert>
      )}
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save Giveaway Rules"}
        </Button>
        <Link to="/giveaway-rules" className="text-sm font-medium underline">
          View the official rules
        </Link>
      </div>
    </form>
  );
}

/** The Giveaway tab of /admin/settings: the official rules' settings. */
export function GiveawayRulesForm() {
  const rules = useAdminRules();
  if (rules.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>Could not load the giveaway rules: {errorMessage(rules.error)}</AlertTitle>
      </Alert>
    );
  }
  if (!rules.data) return <div role="status" aria-label="Loading the giveaway rules"><Skeleton className="h-64" /></div>;
  return <RulesForm rules={rules.data} />;
}
