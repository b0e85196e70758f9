import { CalendarX2, RotateCw } from "lucide-react";
import { startTransition, useEffect, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api";
import { useWebinars } from "../api/get-webinars";
import { WebinarCard } from "./webinar-card";

/** docs/product.md#timings-and-constants: three skeleton cards while the list loads. */
const SKELETON_CARDS = 3;

const grid = "grid gap-6 sm:grid-cols-2 lg:grid-cols-3";

/**
 * The cards of the list's first render: a first screen at any width (three
 * columns, two rows). The rest follow in a later render, so no single task
 * of a phone draws a long list; the server paints as many (internal/page).
 */
export const FIRST_CARDS = 6;

/** How many first cards of an `eager` list load their image at once. */
export const EAGER_CARDS = 2;

/** How many of `total` cards to draw: FIRST_CARDS at first, then all. */
function useShownCards(total: number): number {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (!all && total > FIRST_CARDS) startTransition(() => setAll(true));
  }, [all, total]);
  return all ? total : Math.min(total, FIRST_CARDS);
}

function WebinarCardSkeleton() {
  return (
    <div data-testid="webinar-card-skeleton" className="flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm">
      <Skeleton className="aspect-video rounded-none" />
      <div className="grid gap-3 p-5">
        <Skeleton className="h-6 w-3/4" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="mt-2 h-4 w-2/3" />
        <Skeleton className="h-4 w-1/3" />
        <div className="mt-3 flex items-end justify-between border-t pt-4">
          <Skeleton className="h-8 w-24" />
          <Skeleton className="h-10 w-28" />
        </div>
      </div>
    </div>
  );
}

/**
 * The active webinars as cards, with loading, error and empty states (docs/product.md#webinar-list-and-card).
 * headingLevel is the cards' title level (WebinarCard); the first cards'
 * images load at once when the list is on the first screen (`eager`).
 */
export function WebinarList({ headingLevel = 3, eager = false }: { headingLevel?: 2 | 3; eager?: boolean }) {
  const { data, isPending, isError, error, refetch, isFetching } = useWebinars();
  const shown = useShownCards(data?.length ?? 0);

  if (isPending) {
    return (
      <div role="status" aria-label="Loading webinars" className={grid}>
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <WebinarCardSkeleton key={i} />
        ))}
      </div>
    );
  }

  if (isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>Unable to Load Webinars</AlertTitle>
        <AlertDescription>
          <p>Failed to fetch webinars: {errorMessage(error)}</p>
          <div>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => refetch()} disabled={isFetching}>
              <RotateCw aria-hidden="true" />
              Try Again
            </Button>
          </div>
        </AlertDescription>
      </Alert>
    );
  }

  if (data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-zinc-300 bg-muted/50 px-6 py-12 text-center">
        <CalendarX2 className="size-10 text-zinc-400" aria-hidden="true" />
        <p className="max-w-md text-base text-muted-foreground">
          No upcoming webinars are scheduled right now. Please check back soon.
        </p>
      </div>
    );
  }

  return (
    <ul className={grid}>
      {data.slice(0, shown).map((webinar, i) => (
        <li key={webinar.id}>
          <WebinarCard webinar={webinar} headingLevel={headingLevel} priority={eager && i < EAGER_CARDS} />
        </li>
      ))}
    </ul>
  );
}
