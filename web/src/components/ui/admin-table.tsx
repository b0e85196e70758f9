import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/**
 * A body cell of the admin tables; on phones, where each row is laid out as
 * a small card, its column name (data-label) shows above the value.
 */
export const responsiveCell =
  "px-4 py-3 max-sm:p-0 max-sm:before:mb-0.5 max-sm:before:block max-sm:before:text-xs max-sm:before:font-medium max-sm:before:text-muted-foreground max-sm:before:content-[attr(data-label)]";

type TableMessageRowProps = {
  /** The table's column count: the message spans them all. */
  colSpan: number;
  tone?: "muted" | "error";
  children: ReactNode;
};

/** One full-width row of an admin table saying it is loading, failed or empty. */
export function TableMessageRow({ colSpan, tone = "muted", children }: TableMessageRowProps) {
  return (
    <tr className="max-sm:block">
      <td
        colSpan={colSpan}
        className={cn(
          "px-4 py-10 text-center max-sm:block",
          tone === "error" ? "font-medium text-destructive" : "text-muted-foreground",
        )}
      >
        {children}
      </td>
    </tr>
  );
}
