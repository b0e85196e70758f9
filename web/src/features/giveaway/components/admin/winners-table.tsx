import { Shuffle } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { responsiveCell, TableMessageRow } from "@/components/ui/admin-table";
import { Button } from "@/components/ui/button";
import { StackedDateTime } from "@/components/ui/stacked-date-time";
import { formatEventDate } from "@/lib/format";
import { useStoreTimeZone } from "@/lib/use-store-time-zone";
import { cn } from "@/lib/utils";
import type { Winner } from "../../api/schemas";
import { SendNotificationButton } from "./send-notification-button";
import { webinarLabel, winnerName } from "./winner-display";

type WinnersTableProps = {
  winners: Winner[] | undefined;
  isPending: boolean;
  isError: boolean;
  onPickNew: (winner: Winner) => void;
};

const COLUMNS = ["Winner", "Webinar", "Date Picked", "Status", "Actions"] as const;

/** Every winner drawn, newest first (docs/product.md §3.10). */
export function WinnersTable({ winners, isPending, isError, onPickNew }: WinnersTableProps) {
  const timeZone = useStoreTimeZone();
  return (
    <div className="overflow-x-auto rounded-xl border bg-card shadow-sm">
      {/* Below sm each row is laid out as a small card; the cells keep their column names as labels. */}
      <table className="w-full border-collapse text-left text-sm max-sm:block sm:min-w-[880px]">
        <caption className="sr-only">Giveaway winners</caption>
        <thead className="bg-zinc-50 text-xs tracking-wide text-muted-foreground uppercase max-sm:sr-only">
          <tr>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className={c === "Actions" ? "px-4 py-3 text-right font-semibold" : "px-4 py-3 font-semibold"}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y max-sm:block">
          {isPending ? (
            <TableMessageRow colSpan={COLUMNS.length}>Loading giveaway winners...</TableMessageRow>
          ) : isError && !winners ? (
            <TableMessageRow colSpan={COLUMNS.length} tone="error">Error loading giveaway winners. Please try again later.</TableMessageRow>
          ) : !winners || winners.length === 0 ? (
            <TableMessageRow colSpan={COLUMNS.length}>
              No giveaway winners yet. A winner is drawn automatically when all of a webinar&apos;s seats are paid for.
            </TableMessageRow>
          ) : (
            winners.map((w) => {
              const name = winnerName(w);
              return (
                <tr
                  key={w.id}
                  className="align-middle hover:bg-zinc-50/70 max-sm:grid max-sm:grid-cols-2 max-sm:items-start max-sm:gap-x-4 max-sm:gap-y-3 max-sm:p-4"
                >
                  <th scope="row" className="px-4 py-3 font-normal break-words max-sm:col-span-2 max-sm:p-0 sm:min-w-48">
                    {w.email ? (
                      <div className="grid gap-0.5">
                        {name && <span className="font-semibold text-ink">{name}</span>}
                        <span className={name ? "text-xs text-muted-foreground" : "font-semibold text-ink"}>
                          {w.email}
                        </span>
                      </div>
                    ) : (
                      <span className="font-semibold text-muted-foreground">Unknown</span>
                    )}
                    {w.staff_at_draw && (
                      <Badge variant="destructive" className="mt-1">
                        Staff or admin when drawn
                      </Badge>
                    )}
                  </th>
                  <td data-label="Webinar" className={cn(responsiveCell, "max-sm:col-span-2")}>
                    <span className={cn("line-clamp-2", !w.webinar_title && "text-muted-foreground")}>{webinarLabel(w)}</span>
                  </td>
                  <td data-label="Date Picked" className={cn(responsiveCell, "text-zinc-700")}>
                    <StackedDateTime text={formatEventDate(w.created_at, timeZone)} />
                  </td>
                  <td data-label="Status" className={responsiveCell}>
                    <div className="grid gap-1">
                      {w.notified ? <Badge variant="success">Notified</Badge> : <Badge variant="warning">Pending</Badge>}
                      {w.notified && w.notified_at && (
                        <StackedDateTime text={formatEventDate(w.notified_at, timeZone)} className="text-xs text-muted-foreground" />
                      )}
                    </div>
                  </td>
                  <td className="px-4 py-3 max-sm:col-span-2 max-sm:p-0">
                    <div className="grid gap-2 sm:flex sm:justify-end">
                      <SendNotificationButton winner={w} />
                      <Button variant="outline" size="sm" onClick={() => onPickNew(w)}>
                        <Shuffle aria-hidden="true" />
                        Pick New Winner
                      </Button>
                    </div>
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
