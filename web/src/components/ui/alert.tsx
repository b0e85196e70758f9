import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

const alertVariants = cva(
  "relative grid w-full grid-cols-[0_1fr] items-start gap-y-1 rounded-lg border px-4 py-3 text-sm has-[>svg]:grid-cols-[1.25rem_1fr] has-[>svg]:gap-x-3 [&>svg]:size-5 [&>svg]:translate-y-0.5",
  {
    variants: {
      variant: {
        default: "border-border bg-card text-card-foreground [&>svg]:text-zinc-600",
        destructive: "border-accent-200 bg-accent-50 text-accent-700 [&>svg]:text-accent-600",
        success: "border-green-200 bg-green-50 text-green-900 [&>svg]:text-green-700",
        warning: "border-amber-200 bg-amber-50 text-amber-900 [&>svg]:text-amber-700",
        info: "border-blue-200 bg-blue-50 text-blue-900 [&>svg]:text-blue-700",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export type AlertProps = ComponentProps<"div"> & VariantProps<typeof alertVariants>;

/** A static message box; role="alert" only for destructive ones (they interrupt). */
export function Alert({ className, variant, role, ...props }: AlertProps) {
  return (
    <div
      data-slot="alert"
      role={role ?? (variant === "destructive" ? "alert" : "status")}
      className={cn(alertVariants({ variant }), className)}
      {...props}
    />
  );
}

export function AlertTitle({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="alert-title" className={cn("col-start-2 font-semibold leading-tight", className)} {...props} />;
}

export function AlertDescription({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="alert-description"
      className={cn("col-start-2 grid gap-1 text-sm leading-relaxed opacity-90 [&_p]:leading-relaxed", className)}
      {...props}
    />
  );
}
