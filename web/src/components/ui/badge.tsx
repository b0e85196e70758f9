import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

const badgeVariants = cva(
  "inline-flex w-fit shrink-0 items-center gap-1 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold [&_svg]:size-3",
  {
    variants: {
      variant: {
        default: "border-transparent bg-primary text-primary-foreground",
        secondary: "border-transparent bg-zinc-200 text-zinc-800",
        outline: "border-zinc-300 text-foreground",
        destructive: "border-transparent bg-accent-100 text-accent-700",
        success: "border-transparent bg-green-100 text-green-800",
        info: "border-transparent bg-blue-100 text-blue-800",
        warning: "border-transparent bg-amber-100 text-amber-900",
        muted: "border-transparent bg-zinc-100 text-zinc-600",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export type BadgeProps = ComponentProps<"span"> & VariantProps<typeof badgeVariants>;

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}
