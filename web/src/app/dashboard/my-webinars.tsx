import { CircleCheck, MonitorPlay, Play } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import type { MyRegistration } from "@/lib/registrations/schemas";
import { formatEventDate } from "@/lib/format";
import { useStoreTimeZone } from "@/lib/use-store-time-zone";
import { EmptyTab, TabError } from "./dashboard-states";
import { TableScroll } from "@/components/ui/table-scroll";
import { webinarWatchPath } from "@/lib/paths";

export const REGISTRATIONS_ERROR = "Failed to load registrations. Please try again later.";

/** docs/product.md#timings-and-constants: three skeletons while a list loads. */
const SKELETONS = 3;

type MyWebinarsProps = {
  registrations: MyRegistration[] | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => void;
};

const th = "px-4 py-3 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase";
const td = "px-4 py-4 align-middle";
/** Date and Status have their own columns from 640 px; on phones they sit under the title. */
const wide = "hidden sm:table-cell";

/**
 * The 'My Webinars' tab (docs/product.md#my-dashboard-dashboard): a table of my registrations, newest
 * first, with Webinar, Date, Status ('Completed' once the video was watched
 * to the end, else 'In Progress') and a 'Watch' action.
 */
export function MyWebinars({ registrations, isPending, isError, isFetching, refetch }: MyWebinarsProps) {
  const zone = useStoreTimeZone();

  if (isError) return <TabError message={REGISTRATIONS_ERROR} onRetry={refetch} retrying={isFetching} />;
  if (!isPending && registrations?.length === 0) {
    return (
      <EmptyTab icon={MonitorPlay} title="No webinars yet">
        Reserve a spot in a webinar to watch it here, unlock its store-credit coupon and enter the gear giveaway.
      </EmptyTab>
    );
  }

  return (
    <TableScroll label="My webinars" className="rounded-xl border bg-card shadow-sm">
      {isPending && (
        <p role="status" className="sr-only">
          Loading webinars
        </p>
      )}
      <table className="w-full border-collapse text-sm" aria-label="My webinars" aria-busy={isPending}>
        <thead className="border-b bg-muted/60">
          <tr>
            <th scope="col" className={th}>
              Webinar
            </th>
            <th scope="col" className={`${th} ${wide}`}>
              Date
            </th>
            <th scope="col" className={`${th} ${wide}`}>
              Status
            </th>
            <th scope="col" className={`${th} text-right`}>
              <span className="sr-only">Action</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {isPending || !registrations
            ? Array.from({ length: SKELETONS }, (_, i) => (
                <tr key={i} data-testid="registration-row-skeleton">
                  <td className={td}>
                    <Skeleton className="h-5 w-full max-w-48" />
                  </td>
                  <td className={`${td} ${wide}`}>
                    <Skeleton className="h-4 w-40" />
                  </td>
                  <td className={`${td} ${wide}`}>
                    <Skeleton className="h-5 w-20 rounded-full" />
                  </td>
                  <td className={td}>
                    <Skeleton className="ml-auto h-9 w-20" />
                  </td>
                </tr>
              ))
            : registrations.map((r) => (
                <tr key={r.id}>
                  <th scope="row" className={`${td} text-left font-semibold text-ink`}>
                    {r.webinar.title}
                    {r.purchased_coupon && (
                      <span className="mt-0.5 flex items-center gap-1 text-xs font-medium text-green-700">
                        <CircleCheck className="size-3.5" aria-hidden="true" />
                        Coupon purchased
                      </span>
                    )}
                    <span className="mt-1.5 grid justify-items-start gap-1.5 font-normal sm:hidden">
                      <span className="text-muted-foreground">{formatEventDate(r.webinar.event_datetime, zone)}</span>
                      <WatchStatus watched={r.watched_video_fully} />
                    </span>
                  </th>
                  <td className={`${td} ${wide} text-muted-foreground`}>
                    {formatEventDate(r.webinar.event_datetime, zone)}
                  </td>
                  <td className={`${td} ${wide}`}>
                    <WatchStatus watched={r.watched_video_fully} />
                  </td>
                  <td className={`${td} text-right`}>
                    <Button asChild variant="outline" size="sm">
                      <Link to={webinarWatchPath(r.webinar.id)}>
                        <Play aria-hidden="true" />
                        Watch{" "}
                        <span className="sr-only">{r.webinar.title}</span>
                      </Link>
                    </Button>
                  </td>
                </tr>
              ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** docs/product.md#my-dashboard-dashboard: 'Completed' once the video was watched to the end, else 'In Progress'. */
function WatchStatus({ watched }: { watched: boolean }) {
  return watched ? <Badge variant="success">Completed</Badge> : <Badge variant="warning">In Progress</Badge>;
}
