import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm, useWatch, type Control } from "react-hook-form";
import { z } from "@/lib/zod";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FormControl, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { AnnouncementBannerView } from "@/components/announcement-banner-view";
import { ANNOUNCEMENT_DEFAULTS } from "@/config/announcement";
import { errorMessage, isApiError } from "@/lib/api";
import { useSaveAnnouncement } from "../../api/save-settings";
import type { AdminSettings, AnnouncementInput } from "../../api/schemas";
import { SettingsAlert, type SaveOutcome } from "./settings-alert";

/** docs/product.md#validation-and-its-messages: the announcement font size is 12 to 48 px. */
export const MIN_FONT_PX = 12;
export const MAX_FONT_PX = 48;
const DEFAULT_FONT_PX = 20;

const COLOR = /^(#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|[A-Za-z]{3,20})$/;
const COLOR_MESSAGE = "Color must be a hex color such as #E53E3E or a color name such as white";
const BORDER = /^(none|\d{1,2}px (solid|dashed|dotted|double) (#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|[A-Za-z]{3,20}))$/;

// The server's rules and messages (docs/api.md#site-settings); it checks them again on save.
const announcementSchema = z.object({
  text: z
    .string()
    .trim()
    .max(500, "Announcement text must be at most 500 characters")
    .refine((t) => !/\p{Cc}/u.test(t), "Announcement text must be one line without control characters"),
  enabled: z.boolean(),
  color: z.string().trim().regex(COLOR, COLOR_MESSAGE),
  text_color: z.string().trim().regex(COLOR, COLOR_MESSAGE),
  font_size: z
    .number({ error: `Font size must be from ${MIN_FONT_PX} to ${MAX_FONT_PX} px, such as 20px` })
    .int(`Font size must be from ${MIN_FONT_PX} to ${MAX_FONT_PX} px, such as 20px`)
    .min(MIN_FONT_PX, `Font size must be from ${MIN_FONT_PX} to ${MAX_FONT_PX} px, such as 20px`)
    .max(MAX_FONT_PX, `Font size must be from ${MIN_FONT_PX} to ${MAX_FONT_PX} px, such as 20px`),
  font_family: z
    .string()
    .trim()
    .regex(
      /^[A-Za-z0-9 ,'"-]{1,100}$/,
      "Font family must be 1 to 100 letters, digits, spaces, commas, quotes or hyphens, such as Georgia, serif",
    ),
  border: z
    .string()
    .trim()
    .regex(BORDER, "Border must be none or a width, style and color, such as 2px solid #ffffff"),
  dismissible: z.boolean(),
});
type AnnouncementFormValues = z.infer<typeof announcementSchema>;

const FIELDS = ["text", "color", "text_color", "font_size", "font_family", "border"] as const;

/** Font choices; a stored family that is not among them is offered too. */
const FONT_FAMILIES = [
  { value: "inherit", label: "Site font (inherit)" },
  { value: "Arial, sans-serif", label: "Arial" },
  { value: "Verdana, sans-serif", label: "Verdana" },
  { value: "Georgia, serif", label: "Georgia" },
  { value: "'Times New Roman', serif", label: "Times New Roman" },
  { value: "'Courier New', monospace", label: "Courier New" },
  { value: "Impact, sans-serif", label: "Impact" },
];

/** A stored size ("20px", "1.25rem") in whole pixels at the 16 px root. */
export function fontSizeToPx(size: string | undefined): number {
  const m = /^(\d+(?:\.\d+)?)(px|rem)$/.exec((size ?? "").trim());
  if (!m) return DEFAULT_FONT_PX;
  const px = Math.round(m[2] === "rem" ? Number(m[1]) * 16 : Number(m[1]));
  return Math.min(MAX_FONT_PX, Math.max(MIN_FONT_PX, px));
}

function defaultsFrom(settings: AdminSettings): AnnouncementFormValues {
  return {
    text: settings.announcement_text ?? "",
    enabled: settings.announcement_enabled === "true",
    color: settings.announcement_color || ANNOUNCEMENT_DEFAULTS.color,
    text_color: settings.announcement_text_color || ANNOUNCEMENT_DEFAULTS.text_color,
    font_size: fontSizeToPx(settings.announcement_font_size),
    font_family: settings.announcement_font_family || ANNOUNCEMENT_DEFAULTS.font_family,
    border: settings.announcement_border || ANNOUNCEMENT_DEFAULTS.border,
    dismissible: settings.announcement_dismissible === "true",
  };
}

function toInput(values: AnnouncementFormValues): AnnouncementInput {
  return { ...values, font_size: `${values.font_size}px` };
}

/** A hex colour the native picker can show (#rrggbb), or black for names and short forms it cannot. */
function pickerValue(color: string): string {
  const c = color.trim();
  if (/^#[0-9a-fA-F]{6}$/.test(c)) return c.toLowerCase();
  if (/^#[0-9a-fA-F]{3}$/.test(c)) return `#${[...c.slice(1)].map((d) => d + d).join("")}`.toLowerCase();
  return "#000000";
}

function ColorField({
  control,
  name,
  label,
  error,
}: {
  control: Control<AnnouncementFormValues>;
  name: "color" | "text_color";
  label: string;
  error?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormField id={`announcement-${name}`} label={label} error={error}>
          <div className="flex items-center gap-2">
            <FormControl>
              <Input {...field} autoComplete="off" spellCheck={false} />
            </FormControl>
            <label className="inline-flex shrink-0 cursor-pointer items-center gap-1.5 text-xs font-medium text-muted-foreground">
              <input
                type="color"
                value={pickerValue(field.value)}
                onChange={(e) => field.onChange(e.target.value)}
                className="size-10 cursor-pointer rounded-md border border-input bg-background p-1"
              />
              Pick
            </label>
          </div>
        </FormField>
      )}
    />
  );
}

function CheckboxField({
  control,
  name,
  label,
  description,
}: {
  control: Control<AnnouncementFormValues>;
  name: "enabled" | "dismissible";
  label: string;
  description: string;
}) {
  const id = `announcement-${name}`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-start gap-3 rounded-lg border p-4">
          <Checkbox
            id={id}
            checked={field.value}
            onCheckedChange={(v) => field.onChange(v === true)}
            aria-describedby={`${id}-description`}
            className="mt-0.5"
          />
          <div className="grid gap-1">
            <Label htmlFor={id}>{label}</Label>
            <p id={`${id}-description`} className="text-xs text-muted-foreground">
              {description}
            </p>
          </div>
        </div>
      )}
    />
  );
}

/** The banner as the form stands, before it is saved. */
function AnnouncementPreview({ control }: { control: Control<AnnouncementFormValues> }) {
  const values = useWatch({ control });
  const fontPx = Number(values.font_size);
  const preview = {
    text: values.text?.trim() || "Your announcement text appears here.",
    enabled: true,
    color: values.color ?? ANNOUNCEMENT_DEFAULTS.color,
    text_color: values.text_color ?? ANNOUNCEMENT_DEFAULTS.text_color,
    font_size: `${Number.isFinite(fontPx) ? Math.min(MAX_FONT_PX, Math.max(MIN_FONT_PX, fontPx)) : DEFAULT_FONT_PX}px`,
    font_family: values.font_family ?? ANNOUNCEMENT_DEFAULTS.font_family,
    border: values.border ?? ANNOUNCEMENT_DEFAULTS.border,
    dismissible: values.dismissible ?? false,
  };
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-semibold text-ink">Live preview</h3>
      <AnnouncementBannerView
        announcement={preview}
        onDismiss={() => {}}
        label="Announcement preview"
        className="rounded-md"
      />
      {!values.enabled && (
        <p className="text-xs text-muted-foreground">The banner is disabled: visitors will not see it until you enable it.</p>
      )}
    </div>
  );
}

/** 'Announcements' tab: the eight banner settings of docs/product.md#records, with a live preview. */
export function AnnouncementForm({ settings }: { settings: AdminSettings }) {
  const save = useSaveAnnouncement();
  const [outcome, setOutcome] = useState<SaveOutcome>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AnnouncementFormValues>({
    resolver: zodResolver(announcementSchema),
    defaultValues: defaultsFrom(settings),
  });

  const onSubmit = handleSubmit(async (values) => {
    setOutcome(null);
    try {
      await save.mutateAsync(toInput(values));
      setOutcome({ kind: "success", message: "Announcement settings saved!" });
    } catch (error) {
      const field = isApiError(error) ? FIELDS.find((f) => f === error.field) : undefined;
      if (field) setError(field, { message: errorMessage(error) }, { shouldFocus: true });
      setOutcome({ kind: "error", message: `Error saving: ${errorMessage(error)}` });
    }
  });

  const fontFamily = useWatch({ control, name: "font_family" });
  const families = FONT_FAMILIES.some((f) => f.value === fontFamily)
    ? FONT_FAMILIES
    : [...FONT_FAMILIES, { value: fontFamily, label: fontFamily }];

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6" aria-label="Announcements">
      <FormField
        id="announcement-text"
        label="Announcement Text"
        description="One line, up to 500 characters. It scrolls across the top of every public page."
        error={errors.text?.message}
      >
        <FormControl>
          <Input autoComplete="off" {...register("text")} />
        </FormControl>
      </FormField>

      <div className="grid gap-4 md:grid-cols-2">
        <CheckboxField
          control={control}
          name="enabled"
          label="Show the announcement banner"
          description="Shown on every public page while enabled and the text is not empty."
        />
        <CheckboxField
          control={control}
          name="dismissible"
          label="Visitors can dismiss it"
          description="Adds a close button; a dismissed banner stays hidden for the rest of the visit."
        />
      </div>

      <div className="grid items-start gap-5 md:grid-cols-2">
        <ColorField control={control} name="color" label="Background Color" error={errors.color?.message} />
        <ColorField control={control} name="text_color" label="Text Color" error={errors.text_color?.message} />
        <FormField
          id="announcement-font-size"
          label="Font Size (px)"
          description={`From ${MIN_FONT_PX} to ${MAX_FONT_PX} px.`}
          error={errors.font_size?.message}
        >
          <FormControl>
            <Input type="number" min={MIN_FONT_PX} max={MAX_FONT_PX} step={1} {...register("font_size", { valueAsNumber: true })} />
          </FormControl>
        </FormField>
        <FormField id="announcement-font-family" label="Font Family" error={errors.font_family?.message}>
          <FormControl>
            <select
              {...register("font_family")}
              className="flex h-11 w-full rounded-md border border-input bg-background px-3 text-base shadow-xs outline-none focus-visible:border-accent-500 focus-visible:ring-2 focus-visible:ring-accent-500/30 aria-invalid:border-destructive sm:h-10 sm:text-sm"
            >
              {families.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </select>
          </FormControl>
        </FormField>
        <FormField
          id="announcement-border"
          label="Border"
          description="none, or a width, style and color such as 2px solid #ffffff."
          error={errors.border?.message}
          className="md:col-span-2"
        >
          <FormControl>
            <Input autoComplete="off" spellCheck={false} {...register("border")} />
          </FormControl>
        </FormField>
      </div>

      <AnnouncementPreview control={control} />
      <SettingsAlert outcome={outcome} />
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save Announcement"}
        </Button>
      </div>
    </form>
  );
}
