import { Layers, Mail, Pencil, Trash2 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { AdminTable, responsiveCell } from "@/components/ui/admin-table";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import type { AdminWebinar } from "@/lib/webinars/schemas";
import { useStoreTimeZone } from "@/lib/use-store-time-zone";
import { formatEventDate, formatPrice } from "@/lib/format";
import { WebinarImage } from "../webinar-image";
import type { ReactNode } from "react";
import { CampaignLinkButton } from "./campaign-link-button";

type AdminWebinarsTableProps = {
  webinars: AdminWebinar[] | undefined;
  isPending: boolean;
  isError: boolean;
  onEdit: (webinar: AdminWebinar) => void;
  onDelete: (webinar: AdminWebinar) => void;
  /** Opens the webinar's reminder e-mail figures (issue 26). */
  onReminders: (webinar: AdminWebinar) => void;
  /** Opens the webinar's cards in the video (issue 48). */
  onCards: (webinar: AdminWebinar) => void;
  /** More actions of a row, filled by app/ (the giveaway terms button). */
  renderRowActions?: (webinar: AdminWebinar) => ReactNode;
  /** Under a row's seats, how many wait for a seat (app/ puts the waiting list's '{N} waiting' here). */
  renderWaitlist?: (webinar: AdminWebinar) => ReactNode;
};

const COLUMNS = ["Title", "Event Date & Time", "Display Price", "Total Seats", "Status", "Actions"] as const;

/** Every webinar, newest event first, with edit and delete (docs/product.md#admin-screens). */
export function AdminWebinarsTable({
  webinars,
  isPending,
  isError,
  onEdit,
  onDelete,
  onReminders,
  onCards,
  renderRowActions,
  renderWaitlist,
}: AdminWebinarsTableProps) {
  const timeZone = useStoreTimeZone();
  return (
    <AdminTable
      caption="Webinars"
      columns={COLUMNS}
      className="sm:min-w-[760px]"
      rows={webinars}
      isPending={isPending}
      isError={isError}
      loading="Loading webinars..."
      error="Error loading webinars. Please try again later."
      empty={'No webinars found. Create your first webinar by clicking "Add New Webinar".'}
      renderRow={(w) => (
              <tr
                key={w.id}
                className="align-middle hover:bg-zinc-50/70 max-sm:grid max-sm:grid-cols-2 max-sm:items-center max-sm:gap-x-4 max-sm:gap-y-3 max-sm:p-4"
              >
                <th scope="row" className="px-4 py-3 font-semibold text-ink max-sm:col-span-2 max-sm:p-0">
                  <div className="flex items-center gap-3">
                    <div className="h-10 w-16 shrink-0 overflow-hidden rounded-md bg-zinc-900">
                      <WebinarImage src={w.thumbnail_url} />
                    </div>
                    <div className="grid min-w-0 gap-0.5">
                      <span className="line-clamp-2">{w.title}</span>
                      <span className="text-xs font-normal text-muted-foreground">
                        {w.seats_left}/{w.total_seats} seats left · {w.actual_coupon_value_percentage}% coupon
                      </span>
                      {renderWaitlist?.(w)}
                    </div>
                  </div>
                </th>
                <td data-label="Event Date & Time" className={cn(responsiveCell, "text-zinc-700 max-sm:col-span-2 sm:whitespace-nowrap")}>
                  {formatEventDate(w.event_datetime, timeZone)}
                </td>
                <td data-label="Display Price" className={cn(responsiveCell, "whitespace-nowrap")}>
                  {formatPrice(w.display_price)}
                </td>
                <td data-label="Total Seats" className={responsiveCell}>
                  {w.total_seats}
                </td>
                <td className="px-4 py-3 max-sm:p-0">
                  <div className="flex flex-wrap gap-1">
                    {w.is_active ? <Badge variant="success">Active</Badge> : <Badge variant="muted">Inactive</Badge>}
                    {!w.video_length_seconds && (
                      <Badge variant="warning" title="Set the video length so the server can tell who watched it">
                        No video length
                      </Badge>
                    )}
                    {w.captions_missing && (
                      <Badge variant="warning" title="The uploaded video has no captions: add them in the webinar's form">
                        No captions
                      </Badge>
                    )}
                  </div>
                </td>
                <td className="px-4 py-3 max-sm:p-0">
                  <div className="flex justify-end gap-1">
                    <Button variant="ghost" size="icon" aria-label={`Reminders of ${w.title}`} onClick={() => onReminders(w)}>
                      <Mail aria-hidden="true" />
                    </Button>
                    <Button variant="ghost" size="icon" aria-label={`Cards in the video of ${w.title}`} onClick={() => onCards(w)}>
                      <Layers aria-hidden="true" />
                    </Button>
                    {renderRowActions?.(w)}
                    <CampaignLinkButton webinarId={w.id} title={w.title} />
                    <Button variant="ghost" size="icon" aria-label={`Edit ${w.title}`} onClick={() => onEdit(w)}>
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Delete ${w.title}`}
                      className="text-accent-600 hover:bg-accent-50 hover:text-accent-700"
                      onClick={() => onDelete(w)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </td>
              </tr>
      )}
    />
  );
}
