import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormControl, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { errorMessage, isApiError } from "@/lib/api";
import { z } from "@/lib/zod";
import { useSaveCouponPolicy, type CouponPolicy, type CouponPolicyInput } from "@/lib/site-settings/coupon-policy";
import { SettingsAlert, type SaveOutcome } from "./settings-alert";

// The server's rules and messages (docs/api.md#coupon-value); it checks them again on save.
const policySchema = z.object({
  policy: z.enum(["whole", "split"], { error: "Choose Whole or Split" }),
  paid_never_expires: z.boolean(),
  paid_years: z.number({ error: "The paid value must last from 5 to 50 years" }).int("The paid value must last from 5 to 50 years")
    .min(5, "The paid value must last from 5 to 50 years").max(50, "The paid value must last from 5 to 50 years"),
  bonus_days: z.number({ error: "Promotional value must last from 1 to 365 days" }).int("Promotional value must last from 1 to 365 days")
    .min(1, "Promotional value must last from 1 to 365 days").max(365, "Promotional value must last from 1 to 365 days"),
});

const FIELDS = ["policy", "paid_years", "bonus_days"] as const;

/**
 * 'Coupon Value' tab (docs/product.md#coupons "Value policy"): Whole (the whole
 * value expires after the configured days) or Split (recommended: the paid
 * part lasts at least 5 years, the bonus is promotional value with its own
 * expiry; optionally the paid part never expires). A change applies to
 * coupons issued after it.
 */
export function CouponPolicyForm({ policy }: { policy: CouponPolicy }) {
  const save = useSaveCouponPolicy();
  const [outcome, setOutcome] = useState<SaveOutcome>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<CouponPolicyInput>({
    resolver: zodResolver(policySchema),
    defaultValues: {
      policy: policy.policy,
      paid_years: policy.paid_years,
      bonus_days: policy.bonus_days,
      paid_never_expires: policy.paid_never_expires,
    },
  });
  const split = watch("policy") === "split";
  const never = watch("paid_never_expires");

  const onSubmit = handleSubmit(async (values) => {
    setOutcome(null);
    try {
      await save.mutateAsync(values);
      setOutcome({ kind: "success", message: "Coupon value settings saved!" });
    } catch (error) {
      const field = isApiError(error) ? FIELDS.find((f) => f === error.field) : undefined;
      if (field) setError(field, { message: errorMessage(error) }, { shouldFocus: true });
      setOutcome({ kind: "error", message: `Error saving: ${errorMessage(error)}` });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Coupon value">
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-base font-semibold text-ink">How coupon value expires</legend>
        <label className="flex items-start gap-3 rounded-lg border p-4">
          <input type="radio" value="split" className="mt-1 size-4 accent-accent-600" {...register("policy")} />
          <span className="grid gap-1">
            <span className="font-semibold text-ink">Split (recommended)</span>
            <span className="text-sm text-muted-foreground">
              The part the customer paid stays redeemable for years; the bonus above the price is promotional value
              with its own, shorter expiry, printed as "Promotional value — expires {"{date}"}". Federal rules and
              Illinois law forbid store credit sold for money from expiring in under 5 years, except clearly labelled
              promotional value.
            </span>
          </span>
        </label>
        <label className="flex items-start gap-3 rounded-lg border p-4">
          <input type="radio" value="whole" className="mt-1 size-4 accent-accent-600" {...register("policy")} />
          <span className="grid gap-1">
            <span className="font-semibold text-ink">Whole</span>
            <span className="text-sm text-muted-foreground">
              The whole face value expires {policy.whole_expiry_days} days after issue (WATCHWIN_COUPON_EXPIRY_DAYS).
            </span>
          </span>
        </label>
        {errors.policy?.message && <p className="text-sm text-destructive">{errors.policy.message}</p>}
      </fieldset>
      {split && (
        <label className="flex items-start gap-3">
          <input type="checkbox" className="mt-1 size-4 accent-accent-600" {...register("paid_never_expires")} />
          <span className="grid gap-1">
            <span className="font-medium text-ink">Paid value never expires</span>
            <span className="text-sm text-muted-foreground">
              The part the customer paid has no expiry date; the bonus still expires as promotional value. Illinois
              exempts store credit with no expiry, no fees and no cash redemption from unclaimed-property reporting;
              confirm with the store's counsel.
            </span>
          </span>
        </label>
      )}
      {split && (
        <div className="grid items-start gap-5 md:grid-cols-2">
          {!never && (
            <FormField
              id="paid_years"
              label="Paid value lasts (years)"
              description="At least 5 years."
              error={errors.paid_years?.message}
            >
              <FormControl>
                <Input type="number" min={5} max={50} step={1} {...register("paid_years", { valueAsNumber: true })} />
              </FormControl>
            </FormField>
          )}
          <FormField
            id="bonus_days"
            label="Promotional value lasts (days)"
            description="The bonus above the price; 30 days by default."
            error={errors.bonus_days?.message}
          >
            <FormControl>
              <Input type="number" min={1} max={365} step={1} {...register("bonus_days", { valueAsNumber: true })} />
            </FormControl>
          </FormField>
        </div>
      )}
      <Alert variant="info">
        <AlertTitle>Applies to new coupons</AlertTitle>
        <AlertDescription>
          A change applies to coupons issued after you save it. Coupons issued before keep their value and dates.
        </AlertDescription>
      </Alert>
      <SettingsAlert outcome={outcome} />
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save Coupon Value"}
        </Button>
      </div>
    </form>
  );
}
