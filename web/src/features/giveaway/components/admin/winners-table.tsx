import { Shuffle } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { AdminTable, responsiveCell } from "@/components/ui/admin-table";
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

/** Every winner drawn, newest first (docs/product.md#admin-screens). */
export function WinnersTable({ winners, isPending, isError, onPickNew }: WinnersTableProps) {
  const timeZone = useStoreTimeZone();
  return (
    <AdminTable
      caption="Giveaway winners"
      columns={COLUMNS}
      className="sm:min-w-[880px]"
      rows={winners}
      isPending={isPending}
      isError={isError && !winners}
      loading="Loading giveaway winners..."
      error="Error loading giveaway winners. Please try again later."
      empty="No giveaway winners yet. A winner is drawn automatically when all of a webinar's seats are paid for."
      renderRow={(w) => {
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
      }}
    />
  );
}
