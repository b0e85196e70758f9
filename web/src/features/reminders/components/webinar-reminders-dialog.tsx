import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { errorMessage } from "@/lib/api";
import { useWebinarReminders } from "../api/webinar-reminders";
import { TableScroll } from "@/components/ui/table-scroll";

type WebinarRemindersDialogProps = {
  /** The webinar whose figures are shown; null keeps the dialog closed. */
  webinar: { id: string; title: string } | null;
  onClose: () => void;
};

const th = "px-3 py-2 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase";
const td = "px-3 py-2 tabular-nums";

/**
 * The admin's reminder figures of one webinar (docs/api.md#reminders): per
 * kind, how many registrants got the e-mail, and of those how many have since
 * watched to the end and bought the coupon.
 */
export function WebinarRemindersDialog({ webinar, onClose }: WebinarRemindersDialogProps) {
  const figures = useWebinarReminders(webinar?.id ?? null);
  return (
    <Dialog open={webinar !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reminder e-mails</DialogTitle>
          <DialogDescription>{webinar?.title}</DialogDescription>
        </DialogHeader>
        {figures.isError ? (
          <p role="alert" className="text-sm text-accent-700">
            Could not load the reminder figures. {errorMessage(figures.error)}
          </p>
        ) : (
          <TableScroll label="Reminders sent and what followed" className="rounded-lg border">
            <table className="w-full border-collapse text-sm" aria-busy={figures.isPending}>
              <caption className="sr-only">Reminders sent and what followed</caption>
              <thead className="bg-zinc-50">
                <tr>
                  <th scope="col" className={th}>
                    Reminder
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Sent
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Then watched
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Then bought
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {figures.isPending ? (
                  <tr>
                    <td colSpan={4} className={`${td} text-muted-foreground`}>
                      Loading reminders...
                    </td>
                  </tr>
                ) : (
                  figures.data.kinds.map((k) => (
                    <tr key={k.kind}>
                      <th scope="row" className={`${td} text-left font-medium text-ink`}>
                        {k.label}
                      </th>
                      <td className={`${td} text-right`}>{k.sent}</td>
                      <td className={`${td} text-right`}>{k.watched}</td>
                      <td className={`${td} text-right`}>{k.bought}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </TableScroll>
        )}
        <p className="text-xs text-muted-foreground">
          Of the registrants who got a reminder, how many have since watched the webinar to the end and bought its
          coupon. A reminder withdrawn before it went out (the registrant watched or bought first, or the seats sold
          out) is not counted.
        </p>
      </DialogContent>
    </Dialog>
  );
}
