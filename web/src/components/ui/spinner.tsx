import { LoaderCircle } from "lucide-react";
import { cn } from "@/lib/utils";

type SpinnerProps = { className?: string; label?: string };

/** Inline busy indicator; announces `label` to screen readers. */
export function Spinner({ className, label = "Loading" }: SpinnerProps) {
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircle className={cn("size-5 animate-spin text-accent-500", className)} aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Full-area loading state for pages and guards. */
export function PageSpinner({ label = "Loading..." }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] flex-col items-center justify-center gap-3 text-muted-foreground">
      <LoaderCircle className="size-8 animate-spin text-accent-500" aria-hidden="true" />
      <p role="status" className="text-sm">
        {label}
      </p>
    </div>
  );
}
