import type { ReactNode } from "react";
import { cn } from "@/lib/utils";
import { TableScroll } from "@/components/ui/table-scroll";

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

type AdminTableProps<Row> = {
  /** The table's name for screen readers. */
  caption: string;
  columns: readonly string[];
  /** The rows; undefined while nothing has loaded. */
  rows: Row[] | undefined;
  isPending: boolean;
  /** Shows `error` instead of the rows (the caller decides whether rows already shown stay). */
  isError: boolean;
  loading: ReactNode;
  error: ReactNode;
  empty: ReactNode;
  /** One <tr> (with its key) per row. */
  renderRow: (row: Row) => ReactNode;
  /** Classes added to the <table>, e.g. its minimum width on wide screens. */
  className?: string;
  /** A header cell's classes; by default padded, and right-aligned for "Actions". */
  headClassName?: (column: string, index: number) => string;
  "aria-busy"?: boolean;
};

const defaultHeadClassName = (column: string) =>
  column === "Actions" ? "px-4 py-3 text-right font-semibold" : "px-4 py-3 font-semibold";

/**
 * The shell of an admin table: a bordered card that scrolls sideways on
 * narrow screens, a caption for screen readers, the column heads, and one
 * full-width row while it loads, when it failed or when it is empty.
 */
export function AdminTable<Row>({
  caption,
  columns,
  rows,
  isPending,
  isError,
  loading,
  error,
  empty,
  renderRow,
  className,
  headClassName = defaultHeadClassName,
  "aria-busy": ariaBusy,
}: AdminTableProps<Row>) {
  return (
    <TableScroll label={caption} className="rounded-xl border bg-card shadow-sm">
      {/* Below sm each row is laid out as a small card; the cells keep their column names as labels. */}
      <table aria-busy={ariaBusy} className={cn("w-full border-collapse text-left text-sm max-sm:block", className)}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-zinc-50 text-xs tracking-wide text-muted-foreground uppercase max-sm:sr-only">
          <tr>
            {columns.map((c, i) => (
              <th key={c} scope="col" className={headClassName(c, i)}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y max-sm:block">
          {isPending ? (
            <TableMessageRow colSpan={columns.length}>{loading}</TableMessageRow>
          ) : isError ? (
            <TableMessageRow colSpan={columns.length} tone="error">
              {error}
            </TableMessageRow>
          ) : !rows || rows.length === 0 ? (
            <TableMessageRow colSpan={columns.length}>{empty}</TableMessageRow>
          ) : (
            rows.map(renderRow)
          )}
        </tbody>
      </table>
    </TableScroll>
  );
}
