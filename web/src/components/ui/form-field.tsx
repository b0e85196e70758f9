import { Slot } from "radix-ui";
import { createContext, useContext, type ComponentProps, type ReactNode } from "react";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

type FieldContextValue = { id: string; errorId: string; descriptionId: string; invalid: boolean; hasDescription: boolean };
const FieldContext = createContext<FieldContextValue | null>(null);

type FormFieldProps = {
  /** id of the control; the <label htmlFor> points at it. */
  id: string;
  label: ReactNode;
  /** Validation or server message shown under the control. */
  error?: string;
  description?: ReactNode;
  className?: string;
  children: ReactNode;
};

/**
 * Label + control + message, wired for assistive tech. Wrap the control in
 * <FormControl> so it receives id, aria-invalid and aria-describedby:
 *
 *   <FormField id="email" label="Email" error={errors.email?.message}>
 *     <FormControl><Input type="email" {...register("email")} /></FormControl>
 *   </FormField>
 */
export function FormField({ id, label, error, description, className, children }: FormFieldProps) {
  const ctx: FieldContextValue = {
    id,
    errorId: `${id}-error`,
    descriptionId: `${id}-description`,
    invalid: Boolean(error),
    hasDescription: Boolean(description),
  };
  return (
    <FieldContext.Provider value={ctx}>
      <div data-slot="form-field" className={cn("grid gap-2", className)}>
        <Label htmlFor={id}>{label}</Label>
        {children}
        {description && (
          <p id={ctx.descriptionId} className="text-xs text-muted-foreground">
            {description}
          </p>
        )}
        <FormMessage>{error}</FormMessage>
      </div>
    </FieldContext.Provider>
  );
}

function useFormField() {
  const ctx = useContext(FieldContext);
  if (!ctx) throw new Error("useFormField must be used inside <FormField>");
  return ctx;
}

/** Passes id / aria attributes of the surrounding FormField to its only child. */
export function FormControl(props: ComponentProps<typeof Slot.Root>) {
  const { id, errorId, descriptionId, invalid, hasDescription } = useFormField();
  const describedBy = [hasDescription ? descriptionId : null, invalid ? errorId : null].filter(Boolean).join(" ");
  return (
    <Slot.Root
      id={id}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy || undefined}
      {...props}
    />
  );
}

/** The message line under a field; renders nothing without text. */
function FormMessage({ className, children }: { className?: string; children?: ReactNode }) {
  const ctx = useContext(FieldContext);
  if (!children) return null;
  return (
    <p id={ctx?.errorId} data-slot="form-message" className={cn("text-sm font-medium text-destructive", className)}>
      {children}
    </p>
  );
}
