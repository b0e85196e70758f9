import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "@/lib/zod";
import { Button } from "@/components/ui/button";
import { FormControl, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { errorMessage, isApiError } from "@/lib/api";
import { useSaveGeneralInfo } from "../../api/save-settings";
import type { AdminSettings, SiteInfo } from "../../api/schemas";
import { SettingsAlert, type SaveOutcome } from "./settings-alert";
import { storeAddressLine } from "@/config/store";

// The server's rules and messages (docs/api.md#site-settings); it checks them again on save.
const generalSchema = z.object({
  site_title: z.string().trim().min(1, "Site title is required").max(100, "Site title must be at most 100 characters"),
  contact_email: z.string().trim().pipe(z.email("Please enter a valid email address")),
  store_address: z.string().trim().max(200, "Store address must be at most 200 characters"),
  store_phone: z
    .string()
    .trim()
    .regex(/^[0-9 +().-]{7,30}$/, "Phone number must be 7 to 30 characters: digits, spaces and + ( ) - ."),
});

const FIELDS = ["site_title", "contact_email", "store_address", "store_phone"] as const;

/** 'General Info' tab: the store's facts shown in the header, footer and Contact page. */
export function GeneralInfoForm({ settings }: { settings: AdminSettings }) {
  const save = useSaveGeneralInfo();
  const [outcome, setOutcome] = useState<SaveOutcome>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<SiteInfo>({
    resolver: zodResolver(generalSchema),
    defaultValues: {
      site_title: settings.site_title ?? "",
      contact_email: settings.contact_email ?? "",
      store_address: settings.store_address ?? "",
      store_phone: settings.store_phone ?? "",
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setOutcome(null);
    try {
      const saved = await save.mutateAsync(values);
      reset(saved);
      setOutcome({ kind: "success", message: "General info saved!" });
    } catch (error) {
      const field = isApiError(error) ? FIELDS.find((f) => f === error.field) : undefined;
      if (field) setError(field, { message: errorMessage(error) }, { shouldFocus: true });
      setOutcome({ kind: "error", message: `Error saving: ${errorMessage(error)}` });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="General Info">
      <div className="grid items-start gap-5 md:grid-cols-2">
        <FormField id="site_title" label="Site Title" error={errors.site_title?.message}>
          <FormControl>
            <Input autoComplete="off" {...register("site_title")} />
          </FormControl>
        </FormField>
        <FormField id="contact_email" label="Contact Email" error={errors.contact_email?.message}>
          <FormControl>
            <Input type="email" autoComplete="off" {...register("contact_email")} />
          </FormControl>
        </FormField>
        <FormField
          id="store_address"
          label="Store Address"
          description={`One line, e.g. ${storeAddressLine}. Leave empty to hide the address.`}
          error={errors.store_address?.message}
        >
          <FormControl>
            <Input autoComplete="off" {...register("store_address")} />
          </FormControl>
        </FormField>
        <FormField id="store_phone" label="Store Phone" error={errors.store_phone?.message}>
          <FormControl>
            <Input type="tel" autoComplete="off" {...register("store_phone")} />
          </FormControl>
        </FormField>
      </div>
      <SettingsAlert outcome={outcome} />
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save General Info"}
        </Button>
      </div>
    </form>
  );
}
