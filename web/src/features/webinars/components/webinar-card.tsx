import { CalendarDays, Gift, Ticket, Users } from "lucide-react";
import { Link } from "react-router";
import type { Webinar } from "@/lib/webinars/schemas";
import { webinarPath } from "@/lib/paths";
import { useStoreTimeZone } from "@/lib/use-store-time-zone";
import { formatEventDate, formatPrice, formatSeats } from "@/lib/format";
import { formatMoney } from "@/lib/money";
import { WebinarBadges } from "./webinar-badges";
import { ReserveSpotButton } from "./reserve-spot-button";
import { WebinarImage } from "./webinar-image";

/** The line under the price: what the buyer gets. */
export function couponLine(webinar: Pick<Webinar, "coupon_value" | "display_price">): string {
  // A free webinar issues no coupon (docs/product.md#free-webinars); the seat is a giveaway entry.
  if (webinar.display_price <= 0 || webinar.coupon_value <= 0) return "Free seat with a gear giveaway entry";
  return `Get a ${formatMoney(webinar.coupon_value)} store-credit coupon`;
}

type WebinarCardProps = {
  webinar: Webinar;
  /** The title's heading level: 3 under the home page's section heading, 2 right under a page's h1. */
  headingLevel?: 2 | 3;
  /** A card of the first screen: its image loads at once (WebinarImage priority). */
  priority?: boolean;
};

/**
 * A webinar in the list (docs/product.md#webinar-list-and-card). The title is the link to the detail
 * page and stretches over the whole card, so a click anywhere opens it;
 * 'Reserve Spot' sits above that link and is the only other control. It
 * stays enabled at 0 seats left: seats cap paid coupons, not registration.
 */
export function WebinarCard({ webinar, headingLevel = 3, priority = false }: WebinarCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const timeZone = useStoreTimeZone();
  // From the webinar, not useId: the build renders a card alone and repeats it for each webinar
  // (docs/api.md#pages).
  const titleId = `webinar-${webinar.id}-title`;

  return (
    <article
      aria-labelledby={titleId}
      className="group relative flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow hover:shadow-lg has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-ring has-[a:focus-visible]:ring-offset-2"
    >
      <div className="relative aspect-video overflow-hidden bg-zinc-900">
        <WebinarImage
          src={webinar.thumbnail_url}
          priority={priority}
          className="transition-transform duration-500 group-hover:scale-105 motion-reduce:transition-none"
        />
        <WebinarBadges webinar={webinar} className="absolute top-3 left-3" />
      </div>

      <div className="flex flex-1 flex-col gap-4 p-5">
        <div className="grid gap-2">
          <Heading id={titleId} className="text-lg leading-snug font-bold text-ink">
            <Link
              to={webinarPath(webinar.id)}
              className="outline-none after:absolute after:inset-0 after:content-[''] hover:text-accent-600"
            >
              {webinar.title}
            </Link>
          </Heading>
          <p className="line-clamp-3 text-sm leading-relaxed text-muted-foreground">{webinar.description}</p>
        </div>

        <ul className="grid gap-2 text-sm text-zinc-700">
          <li className="flex items-start gap-2">
            <CalendarDays className="mt-0.5 size-4 shrink-0 text-accent-600" aria-hidden="true" />
            <span>{formatEventDate(webinar.event_datetime, timeZone)}</span>
          </li>
          <li className="flex items-start gap-2">
            <Users className="mt-0.5 size-4 shrink-0 text-accent-600" aria-hidden="true" />
            {webinar.seats_left <= 0 ? (
              // Sold out: the detail page holds the waiting list (docs/product.md#waiting-list).
              <span>
                <span>{formatSeats(webinar.seats_left, webinar.total_seats)}</span>
                {" · "}
                <Link
                  to={webinarPath(webinar.id)}
                  aria-describedby={titleId}
                  className="relative z-10 font-medium text-accent-600 underline-offset-4 hover:underline"
                >
                  Join the waiting list
                </Link>
              </span>
            ) : (
              <span>{formatSeats(webinar.seats_left, webinar.total_seats)}</span>
            )}
          </li>
        </ul>

        <div className="mt-auto grid gap-4 border-t pt-4">
          <div className="grid gap-1">
            <p className="text-2xl leading-none font-extrabold tracking-tight text-ink">
              <span className="sr-only">Price: </span>
              {formatPrice(webinar.display_price)}
            </p>
            <p className="flex items-center gap-1.5 text-sm font-medium text-green-700">
              {webinar.display_price > 0 ? (
                <Ticket className="size-4 shrink-0" aria-hidden="true" />
              ) : (
                <Gift className="size-4 shrink-0" aria-hidden="true" />
              )}
              {couponLine(webinar)}
            </p>
          </div>
          <ReserveSpotButton webinar={webinar} size="lg" className="relative z-10 w-full" aria-describedby={titleId}>
            Reserve Spot
          </ReserveSpotButton>
        </div>
      </div>
    </article>
  );
}
