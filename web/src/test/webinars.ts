import type { AdminWebinar, Webinar } from "@/lib/webinars/schemas";

let seq = 0;

/** A public webinar as GET /api/webinars returns it; override what a test needs. */
export function makeWebinar(overrides: Partial<Webinar> = {}): Webinar {
  seq += 1;
  const price = overrides.display_price ?? 40;
  const pct = overrides.actual_coupon_value_percentage ?? 120;
  const total = overrides.total_seats ?? 20;
  const paid = overrides.paid_seats ?? 3;
  const coupon = Math.round(price * pct) / 100;
  // The server's minimum purchase: twice the coupon value.
  const minPurchase = Math.round(price * pct) / 50;
  return {
    id: `w${seq}`,
    title: `Pistol Basics ${seq}`,
    description: "Grip, stance and sight picture for new shooters, taught by our range staff.",
    event_datetime: "2026-12-04T00:30:00Z",
    display_price: price,
    display_price_cents: Math.round(price * 100),
    actual_coupon_value_percentage: pct,
    coupon_value: coupon,
    coupon_value_cents: Math.round(coupon * 100),
    min_purchase: minPurchase,
    min_purchase_cents: Math.round(minPurchase * 100),
    total_seats: total,
    paid_seats: paid,
    seats_left: Math.max(0, total - paid),
    thumbnail_image_path: null,
    thumbnail_url: null,
    is_active: true,
    created_at: "2026-11-01T12:00:00Z",
    ...overrides,
  };
}

/** An admin webinar (adds the video id and the seeking policy). */
export function makeAdminWebinar(overrides: Partial<AdminWebinar> = {}): AdminWebinar {
  return {
    ...makeWebinar(overrides),
    youtube_video_id: "dQw4w9WgXcQ",
    allow_seeking: true,
    video_source: "youtube",
    captions_missing: false,
    ...overrides,
  };
}
