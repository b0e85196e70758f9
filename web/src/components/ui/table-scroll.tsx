import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/**
 * The sideways scroller around a wide table: keyboard users can focus it and scroll it with the
 * arrow keys (axe's scrollable-region-focusable), and `label` names it, as the table's caption does.
 */
export function TableScroll({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn("overflow-x-auto focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none", className)}
    >
      {children}
    </div>
  );
}
