import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormControl, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { errorMessage, isApiError } from "@/lib/api";
import { z } from "@/lib/zod";
import { POS_COLUMNS, useSaveBooksSettings, type BooksSettings } from "../../api/books-settings";
import { SettingsAlert, type SaveOutcome } from "./settings-alert";

// The server's rules and messages (docs/api.md#books-settings); it checks them again on save.
const HOUR = "The hour must be a whole number from 0 to 23";
const DORMANCY = "The dormancy period must be from 1 to 20 years";
const HEADER = "Each column name must be one line of 1 to 60 characters";
const header = z.string().trim().min(1, HEADER).max(60, HEADER);
const booksSchema = z.object({
  pos_receipt_required: z.boolean(),
  end_of_day_email: z.boolean(),
  end_of_day_hour: z.number({ error: HOUR }).int(HOUR).min(0, HOUR).max(23, HOUR),
  end_of_day_to: z.union([z.literal(""), z.email("Please enter a valid email address, or leave it empty for the contact e-mail")]),
  dormancy_years: z.number({ error: DORMANCY }).int(DORMANCY).min(1, DORMANCY).max(20, DORMANCY),
  pos_headers: z.object({
    number: header,
    issue_date: header,
    original_value: header,
    balance: header,
    customer: header,
    last_used: header,
    expiration: header,
  }),
});

/** 9 PM, not 21: the hour as the store's staff say it. */
function hourLabel(h: number): string {
  const twelve = h % 12 === 0 ? 12 : h % 12;
  return `${twelve}:00 ${h < 12 ? "AM" : "PM"}`;
}

/**
 * 'Books' tab (docs/product.md#books-that-close): the counter's POS receipt
 * number, the end-of-day e-mail with its hour in the store's zone, the
 * dormancy of the unclaimed-property list and the POS import file's column names.
 */
export function BooksForm({ books }: { books: BooksSettings }) {
  const save = useSaveBooksSettings();
  const [outcome, setOutcome] = useState<SaveOutcome>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<BooksSettings>({ resolver: zodResolver(booksSchema), defaultValues: books });
  const mail = useWatch({ control, name: "end_of_day_email" });

  const onSubmit = handleSubmit(async (values) => {
    setOutcome(null);
    try {
      await save.mutateAsync(values);
      setOutcome({ kind: "success", message: "Books settings saved!" });
    } catch (error) {
      if (isApiError(error) && error.field) {
        setError(error.field as keyof BooksSettings, { message: errorMessage(error) }, { shouldFocus: true });
      }
      setOutcome({ kind: "error", message: `Error saving: ${errorMessage(error)}` });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6" aria-label="Books">
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-base font-semibold text-ink">At the counter</legend>
        <label className="flex items-start gap-3">
          <input type="checkbox" className="mt-1 size-4 accent-accent-600" {...register("pos_receipt_required")} />
          <span className="grid gap-1">
            <span className="font-medium text-ink">Require the POS receipt number</span>
            <span className="text-sm text-muted-foreground">
              Clerks type (or scan) the receipt number of the sale in the store's POS before Mark Redeemed.
            </span>
          </span>
        </label>
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-base font-semibold text-ink">End-of-day e-mail</legend>
        <label className="flex items-start gap-3">
          <input type="checkbox" className="mt-1 size-4 accent-accent-600" {...register("end_of_day_email")} />
          <span className="grid gap-1">
            <span className="font-medium text-ink">E-mail the counter's summary every day</span>
            <span className="text-sm text-muted-foreground">
              Each redemption with its time, clerk, coupon, value and POS receipt number, and the totals by clerk.
            </span>
          </span>
        </label>
        {mail && (
          <div className="grid items-start gap-5 md:grid-cols-2">
            <FormField id="end_of_day_hour" label="Send at (store's time)" error={errors.end_of_day_hour?.message}>
              <FormControl>
                <select
                  className="h-10 rounded-md border bg-background px-3 text-sm"
                  {...register("end_of_day_hour", { valueAsNumber: true })}
                >
                  {Array.from({ length: 24 }, (_, h) => (
                    <option key={h} value={h}>
                      {hourLabel(h)}
                    </option>
                  ))}
                </select>
              </FormControl>
            </FormField>
            <FormField
              id="end_of_day_to"
              label="Send to"
              description="Empty: the contact e-mail of General Info."
              error={errors.end_of_day_to?.message}
            >
              <FormControl>
                <Input type="email" autoComplete="email" {...register("end_of_day_to")} />
              </FormControl>
            </FormField>
          </div>
        )}
      </fieldset>
      <FormField
        id="dormancy_years"
        label="Unclaimed property: years without activity"
        description="Illinois presumes stored value abandoned after 5 years; confirm with your counsel."
        error={errors.dormancy_years?.message}
        className="max-w-xs"
      >
        <FormControl>
          <Input type="number" min={1} max={20} step={1} {...register("dormancy_years", { valueAsNumber: true })} />
        </FormControl>
      </FormField>
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-base font-semibold text-ink">POS import file: column names</legend>
        <p className="text-sm text-muted-foreground">Orchid's names by default; use the names your POS imports.</p>
        <div className="grid items-start gap-4 md:grid-cols-2">
          {POS_COLUMNS.map(([key, label]) => (
            <FormField key={key} id={`pos_headers.${key}`} label={label} error={errors.pos_headers?.[key]?.message}>
              <FormControl>
                <Input maxLength={60} {...register(`pos_headers.${key}`)} />
              </FormControl>
            </FormField>
          ))}
        </div>
      </fieldset>
      <Alert variant="info">
        <AlertTitle>Unclaimed property</AlertTitle>
        <AlertDescription>
          The Reports page lists the credit that may have to be reported; whether it must is for your counsel to confirm.
        </AlertDescription>
      </Alert>
      <SettingsAlert outcome={outcome} />
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save Books Settings"}
        </Button>
      </div>
    </form>
  );
}
