import { BadgePercent, Flame, Ban } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";
import { LOW_SEATS_THRESHOLD, STORE_CREDIT_PERCENTAGE, type Webinar } from "@/lib/webinars/schemas";
import { formatSeatsLeftBadge } from "@/lib/format";

type Props = {
  webinar: Pick<Webinar, "actual_coupon_value_percentage" | "seats_left" | "display_price">;
  className?: string;
};

/**
 * 'Store Credit' when the coupon is worth more than the price, 'Only N seats
 * left' under 5 seats, 'Sold Out' at 0 (docs/product.md#webinar-list-and-card, docs/product.md#timings-and-constants).
 */
export function WebinarBadges({ webinar, className }: Props) {
  // A free webinar issues no coupon (docs/product.md#free-webinars), so it earns no store credit.
  const storeCredit = webinar.display_price > 0 && webinar.actual_coupon_value_percentage > STORE_CREDIT_PERCENTAGE;
  const soldOut = webinar.seats_left <= 0;
  const low = !soldOut && webinar.seats_left < LOW_SEATS_THRESHOLD;
  if (!storeCredit && !low && !soldOut) return null;
  return (
    <div className={cn("flex flex-wrap gap-2", className)}>
      {storeCredit && (
        <Badge className="bg-accent-600 shadow-sm">
          <BadgePercent aria-hidden="true" />
          Store Credit
        </Badge>
      )}
      {low && (
        <Badge variant="warning" className="bg-amber-300 text-amber-950 shadow-sm">
          <Flame aria-hidden="true" />
          {formatSeatsLeftBadge(webinar.seats_left)}
        </Badge>
      )}
      {soldOut && (
        <Badge variant="secondary" className="bg-zinc-900 text-white shadow-sm">
          <Ban aria-hidden="true" />
          Sold Out
        </Badge>
      )}
    </div>
  );
}
