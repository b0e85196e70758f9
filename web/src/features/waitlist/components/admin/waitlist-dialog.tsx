import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { errorMessage } from "@/lib/api";
import { formatEventDate } from "@/lib/format";
import { useStoreTimeZone } from "@/lib/use-store-time-zone";
import { useAdminWaitlistEntries } from "../../api/get-admin-waitlist";
import type { WaitlistEntry } from "../../api/admin-schemas";
import { TableScroll } from "@/components/ui/table-scroll";

type WaitlistDialogProps = {
  /** The webinar whose list is shown; null keeps the dialog closed. */
  webinar: { id: string; title: string } | null;
  onClose: () => void;
};

const COLUMNS = ["#", "Name", "E-mail", "Status", "Joined"] as const;
const th = "px-3 py-2 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase";
const td = "px-3 py-2";

function status(entry: WaitlistEntry, timeZone: string): string {
  if (entry.status === "offered" && entry.offer_expires_at) {
    return `Seat held until ${formatEventDate(entry.offer_expires_at, timeZone)}`;
  }
  return "Waiting";
}

/**
 * 'Waiting list — {title}' (admin): the people waiting for a sold-out webinar's seat or holding
 * one offered to them, in order (docs/api.md#waiting-list). Reading it is a read of customer
 * data, in the audit log.
 */
export function WaitlistDialog({ webinar, onClose }: WaitlistDialogProps) {
  const timeZone = useStoreTimeZone();
  const list = useAdminWaitlistEntries(webinar?.id ?? null);
  let rows;
  if (list.isPending) {
    rows = (
      <tr>
        <td colSpan={COLUMNS.length} className={`${td} text-muted-foreground`}>
          Loading the waiting list...
        </td>
      </tr>
    );
  } else if (list.isError) {
    rows = (
      <tr>
        <td colSpan={COLUMNS.length} role="alert" className={`${td} text-accent-700`}>
          Could not load the waiting list. {errorMessage(list.error)}
        </td>
      </tr>
    );
  } else if (list.data.entries.length === 0) {
    rows = (
      <tr>
        <td colSpan={COLUMNS.length} className={`${td} text-muted-foreground`}>
          Nobody is waiting.
        </td>
      </tr>
    );
  } else {
    rows = list.data.entries.map((e) => (
      <tr key={e.user_id}>
        <td className={`${td} tabular-nums`}>{e.position ?? "—"}</td>
        <th scope="row" className={`${td} text-left font-medium text-ink`}>
          {e.name || "—"}
        </th>
        <td className={`${td} break-all`}>{e.email}</td>
        <td className={td}>{status(e, timeZone)}</td>
        <td className={`${td} whitespace-nowrap`}>{formatEventDate(e.joined_at, timeZone)}</td>
      </tr>
    ));
  }
  return (
    <Dialog open={webinar !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Waiting list — {webinar?.title}</DialogTitle>
          <DialogDescription>
            The people waiting for a seat, first come first served, and anyone a freed seat is held for.
          </DialogDescription>
        </DialogHeader>
        <TableScroll label="Waiting list" className="rounded-lg border">
          <table className="w-full border-collapse text-sm" aria-busy={list.isPending}>
            <caption className="sr-only">Waiting list</caption>
            <thead className="bg-zinc-50">
              <tr>
                {COLUMNS.map((c) => (
                  <th key={c} scope="col" className={th}>
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y">{rows}</tbody>
          </table>
        </TableScroll>
      </DialogContent>
    </Dialog>
  );
}
