import { ArrowLeft, CalendarDays, Gift, Lock, LogIn, Play, SearchX, Store, Ticket, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { SubscribeBox } from "@/components/webinar-alerts/subscribe-box";
import { PageContainer } from "@/components/layout/page";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { isApiError } from "@/lib/api";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useWebinar } from "@/lib/webinars/get-webinar";
import type { Webinar } from "@/lib/webinars/schemas";
import { useStoreTimeZone } from "@/lib/use-store-time-zone";
import { formatEventDate, formatPrice } from "@/lib/format";
import { formatMoney } from "@/lib/money";
import { SOLD_OUT_MESSAGE } from "@/lib/texts";
import { useAuth } from "@/lib/auth/use-auth";
import { reserveSpotLoginPath } from "../hooks/use-reserve-spot";
import { ReserveSpotButton } from "./reserve-spot-button";
import { couponLine } from "./webinar-card";
import { WebinarBadges } from "./webinar-badges";
import { WebinarImage } from "./webinar-image";
import { store } from "@/config/store";

function BackToWebinars() {
  return (
    <Button asChild variant="ghost" className="-ml-3 w-fit text-muted-foreground">
      <Link to="/webinars">
        <ArrowLeft aria-hidden="true" />
        Back to Webinars
      </Link>
    </Button>
  );
}

function DetailSkeleton() {
  return (
    <div role="status" aria-label="Loading webinar" className="grid gap-8">
      <div className="grid gap-3">
        <Skeleton className="h-10 w-3/4" />
        <Skeleton className="h-5 w-1/2" />
      </div>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_360px]">
        <Skeleton className="aspect-video w-full rounded-xl" />
        <Skeleton className="h-72 w-full rounded-xl" />
      </div>
    </div>
  );
}

function NotFound() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 py-12 text-center">
      <SearchX className="size-12 text-zinc-400" aria-hidden="true" />
      <h1 className="text-3xl font-extrabold tracking-tight text-ink">Webinar Not Found</h1>
      <p className="text-muted-foreground">
        This webinar doesn't exist or is no longer available. Take a look at the sessions that are open now.
      </p>
      <Button asChild size="lg">
        <Link to="/webinars">Browse Available Webinars</Link>
      </Button>
    </div>
  );
}

/** Always enabled: seats cap paid coupons, not who may register and watch (docs/product.md#seats). */
function ReserveButton({ webinar, className }: { webinar: Webinar; className?: string }) {
  return (
    <ReserveSpotButton webinar={webinar} size="lg" className={className}>
      <Ticket aria-hidden="true" />
      Reserve Your Spot
    </ReserveSpotButton>
  );
}

/** Thumbnail with a play mark; the video itself is for registered, logged-in users. */
function PreviewBlock({ webinar }: { webinar: Webinar }) {
  return (
    <figure className="overflow-hidden rounded-xl border bg-zinc-950 shadow-sm">
      <div className="relative aspect-video">
        <WebinarImage src={webinar.thumbnail_url} priority />
        <div className="absolute inset-0 bg-gradient-to-t from-black/70 via-black/20 to-black/10" aria-hidden="true" />
        <div className="absolute inset-0 flex items-center justify-center" aria-hidden="true">
          <span className="flex size-16 items-center justify-center rounded-full bg-accent-500/95 text-white shadow-lg ring-8 ring-white/15 sm:size-20">
            <Play className="size-7 translate-x-0.5 fill-current sm:size-9" />
          </span>
        </div>
      </div>
      <figcaption className="flex items-start gap-2 px-4 py-3 text-sm text-zinc-200">
        <Lock className="mt-0.5 size-4 shrink-0 text-accent-400" aria-hidden="true" />
        The full video unlocks after you register and log in.
      </figcaption>
    </figure>
  );
}

/**
 * The waiting list (docs/product.md#waiting-list). A signed-in user sees app/'s waiting-list
 * panel, which loads only then (a first visit never fetches it): sold out, joining it; whatever the
 * seats shown, their place on it or the seat held for them (a held seat is not subtracted from the
 * seats shown). Sold out, a visitor is sent to log in with the webinar, as by 'Reserve Your Spot'.
 */
function Waitlist({ webinar, renderWaitlist }: { webinar: Webinar; renderWaitlist?: RenderWaitlist }) {
  const { user, loading } = useAuth();
  const soldOut = webinar.seats_left <= 0;
  if (user) return renderWaitlist?.(webinar.id, soldOut) ?? null;
  if (loading || !soldOut) return null;
  return (
    <Button asChild variant="outline" className="w-full">
      <Link to={reserveSpotLoginPath(webinar.id)}>
        <LogIn aria-hidden="true" />
        Log in to join the waiting list
      </Link>
    </Button>
  );
}

function SummaryCard({
  webinar,
  timeZone,
  renderWaitlist,
}: {
  webinar: Webinar;
  timeZone: string;
  renderWaitlist?: RenderWaitlist;
}) {
  const taken = webinar.total_seats - webinar.seats_left;
  const pct = webinar.total_seats > 0 ? Math.min(100, Math.round((taken / webinar.total_seats) * 100)) : 100;
  const paid = webinar.display_price > 0;
  return (
    <Card className="gap-5 p-5 sm:p-6 lg:sticky lg:top-24">
      <div className="grid gap-1">
        <p className="text-sm font-medium text-muted-foreground">Price</p>
        <p className="text-4xl font-extrabold tracking-tight text-ink">{formatPrice(webinar.display_price)}</p>
        <p className="flex items-center gap-1.5 font-semibold text-green-700">
          {paid ? <Ticket className="size-4" aria-hidden="true" /> : <Gift className="size-4" aria-hidden="true" />}
          {couponLine(webinar)}
        </p>
      </div>

      <dl className="grid gap-3 text-sm">
        <div className="flex items-start gap-2">
          <dt>
            <CalendarDays className="mt-0.5 size-4 text-accent-600" aria-hidden="true" />
            <span className="sr-only">Date</span>
          </dt>
          <dd>{formatEventDate(webinar.event_datetime, timeZone)}</dd>
        </div>
        {/* dt and dd directly in the group <div> (axe: definition-list); the bar sits in the dd. */}
        <div className="flex items-start gap-2">
          <dt>
            <Users className="mt-0.5 size-4 text-accent-600" aria-hidden="true" />
            <span className="sr-only">Seats</span>
          </dt>
          <dd className="grid flex-1 gap-2">
            <span>
              <span className="font-semibold text-ink">{webinar.seats_left}</span> of {webinar.total_seats} seats
              available
            </span>
            <span className="block h-2 overflow-hidden rounded-full bg-zinc-200" aria-hidden="true">
              <span className="block h-full rounded-full bg-accent-500" style={{ width: `${pct}%` }} />
            </span>
          </dd>
        </div>
      </dl>

      <ReserveButton webinar={webinar} className="w-full" />

      {webinar.seats_left <= 0 ? (
        <>
          <p className="text-sm text-muted-foreground">
            {SOLD_OUT_MESSAGE} You can still register and watch.
          </p>
          <Waitlist webinar={webinar} renderWaitlist={renderWaitlist} />
          <SubscribeBox className="border-t pt-4" />
        </>
      ) : (
        <Waitlist webinar={webinar} renderWaitlist={renderWaitlist} />
      )}

      {paid && (
        <p className="flex items-start gap-2 text-xs leading-relaxed text-muted-foreground">
          <Store className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Redeem your {formatMoney(webinar.coupon_value)} coupon in person at our {store.city} store on a purchase of at
          least {formatMoney(webinar.min_purchase)}.
        </p>
      )}
    </Card>
  );
}

export type WebinarDetailPageProps = {
  /** The giveaway entry card under the summary, filled by app/ from the giveaway feature. */
  renderGiveaway?: (webinarId: string) => ReactNode;
  /** The waiting-list panel for a signed-in user, filled by app/ from the waitlist feature. */
  renderWaitlist?: RenderWaitlist;
};

/** The waiting-list panel of a webinar; `soldOut`: it shows no seat left (joining is offered only then). */
export type RenderWaitlist = (webinarId: string, soldOut: boolean) => ReactNode;

function WebinarDetail({ webinar, renderGiveaway, renderWaitlist }: { webinar: Webinar } & WebinarDetailPageProps) {
  const timeZone = useStoreTimeZone();
  return (
    <article className="grid gap-8">
      <header className="grid gap-3">
        <WebinarBadges webinar={webinar} />
        <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl lg:text-5xl">{webinar.title}</h1>
        <p className="flex items-center gap-2 text-base text-zinc-700 sm:text-lg">
          <CalendarDays className="size-5 shrink-0 text-accent-600" aria-hidden="true" />
          {formatEventDate(webinar.event_datetime, timeZone)}
        </p>
      </header>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_360px] lg:items-start">
        <div className="lg:col-start-1">
          <PreviewBlock webinar={webinar} />
        </div>
        <aside aria-label="Reserve a seat" className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <div className="grid gap-6">
            <SummaryCard webinar={webinar} timeZone={timeZone} renderWaitlist={renderWaitlist} />
            {renderGiveaway?.(webinar.id)}
          </div>
        </aside>
        <section aria-labelledby="about-webinar" className="grid gap-4 lg:col-start-1">
          <h2 id="about-webinar" className="text-xl font-bold text-ink">
            About this webinar
          </h2>
          <p className="leading-relaxed whitespace-pre-line text-zinc-700">{webinar.description}</p>
          <div className="mt-2 flex flex-col gap-4 rounded-xl bg-zinc-950 p-5 text-white sm:flex-row sm:items-center sm:justify-between sm:p-6">
            <div className="grid gap-1">
              <p className="text-lg font-bold">Watch. Claim. Save. Win.</p>
              <p className="text-sm text-zinc-300">Reserve a seat to watch the video and unlock your offer.</p>
            </div>
            <ReserveButton webinar={webinar} className="w-full sm:w-auto" />
          </div>
        </section>
      </div>
    </article>
  );
}

/** "/webinar/:webinarId": one active webinar (docs/product.md#webinar-detail). */
export function WebinarDetailPage({ renderGiveaway, renderWaitlist }: WebinarDetailPageProps = {}) {
  const { webinarId } = useParams();
  const query = useWebinar(webinarId);
  const notFound = !webinarId || (query.isError && isApiError(query.error) && query.error.status === 404);
  useDocumentTitle(query.data?.title ?? (notFound ? "Webinar Not Found" : "Webinar Details"));

  let body;
  if (notFound) {
    body = <NotFound />;
  } else if (query.isPending) {
    body = <DetailSkeleton />;
  } else if (query.isError) {
    body = (
      <Alert variant="destructive">
        <AlertTitle>Error</AlertTitle>
        <AlertDescription>Unable to load this webinar. Please try again later.</AlertDescription>
      </Alert>
    );
  } else {
    body = <WebinarDetail webinar={query.data} renderGiveaway={renderGiveaway} renderWaitlist={renderWaitlist} />;
  }

  return (
    <PageContainer className="grid content-start gap-6">
      <BackToWebinars />
      {body}
    </PageContainer>
  );
}
