import { zm } from "@/lib/zod";

/** "" and null both mean no image. */
const optionalText = zm.pipe(
  zm.nullish(zm.string()),
  zm.transform((v) => v || null),
);

/**
 * A webinar as the public API shows it (docs/api.md#webinars): money in
 * dollars plus the exact cents, times as RFC 3339 UTC, seats_left computed
 * by the server. In zod/mini: the home page parses it (see lib/zod.ts).
 */
export const webinarSchema = zm.object({
  id: zm.string(),
  title: zm.string(),
  description: zm.string(),
  event_datetime: zm.string(),
  display_price: zm.number(),
  display_price_cents: zm.optional(zm.number()),
  actual_coupon_value_percentage: zm.number(),
  coupon_value: zm.number(),
  coupon_value_cents: zm.optional(zm.number()),
  /** The coupon's minimum purchase (twice its value), computed by the server only. */
  min_purchase: zm.number(),
  min_purchase_cents: zm.optional(zm.number()),
  total_seats: zm.number(),
  paid_seats: zm._default(zm.number(), 0),
  seats_left: zm.number(),
  thumbnail_image_path: optionalText,
  thumbnail_url: optionalText,
  is_active: zm.boolean(),
  created_at: zm.optional(zm.string()),
});
export type Webinar = zm.infer<typeof webinarSchema>;

/** The admin API's webinar: the public one plus its video. */
export const adminWebinarSchema = zm.extend(webinarSchema, {
  youtube_video_id: zm.string(),
  /** Seconds the server measures watching against; null: not set (the end is recorded as before). */
  video_length_seconds: zm.optional(zm.nullable(zm.number())),
  /** Viewers may skip ahead. */
  allow_seeking: zm.boolean(),
  /** 'youtube' (youtube_video_id) or 'upload' (the store's own video). */
  video_source: zm._default(zm.enum(["youtube", "upload"]), "youtube"),
  /** Active, with a ready uploaded video and no captions (flagged 'No captions'). */
  captions_missing: zm._default(zm.boolean(), false),
});
export type AdminWebinar = zm.infer<typeof adminWebinarSchema>;

export const webinarListSchema = zm.object({ webinars: zm.array(webinarSchema) });
export const adminWebinarListSchema = zm.object({ webinars: zm.array(adminWebinarSchema) });

/**
 * The body of POST and PUT /api/admin/webinars ("webinar form" in
 * docs/api.md). The server validates it again with the same messages.
 */
export type WebinarInput = {
  title: string;
  description: string;
  /** RFC 3339 */
  event_datetime: string;
  /** dollars, at most 2 decimals */
  display_price: number;
  actual_coupon_value_percentage: number;
  total_seats: number;
  /** 'youtube' or 'upload' */
  video_source: "youtube" | "upload";
  /** bare id (the form converts URLs); required for 'youtube' only */
  youtube_video_id: string;
  is_active: boolean;
  /** whole seconds, 10 s to 12 h; null: not set */
  video_length_seconds: number | null;
  allow_seeking: boolean;
  /** path in the webinar_assets bucket, or null */
  thumbnail_image_path: string | null;
};

/** Low-seat badge below this many seats (docs/product.md#timings-and-constants). */
export const LOW_SEATS_THRESHOLD = 5;

/** 'Store Credit' badge above this coupon percentage (docs/product.md#timings-and-constants). */
export const STORE_CREDIT_PERCENTAGE = 100;
