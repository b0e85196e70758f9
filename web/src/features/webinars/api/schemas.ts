import { z } from "@/lib/zod";

/**
 * A webinar as the public API shows it (docs/api.md "Webinars"): money in
 * dollars plus the exact cents, times as RFC 3339 UTC, seats_left computed
 * by the server.
 */
export const webinarSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  event_datetime: z.string(),
  display_price: z.number(),
  display_price_cents: z.number().optional(),
  actual_coupon_value_percentage: z.number(),
  coupon_value: z.number(),
  coupon_value_cents: z.number().optional(),
  total_seats: z.number(),
  paid_seats: z.number().default(0),
  seats_left: z.number(),
  thumbnail_image_path: z
    .string()
    .nullish()
    .transform((v) => v || null),
  thumbnail_url: z
    .string()
    .nullish()
    .transform((v) => v || null),
  is_active: z.boolean(),
  created_at: z.string().optional(),
});
export type Webinar = z.infer<typeof webinarSchema>;

/** The admin API's webinar: the public one plus the video id. */
export const adminWebinarSchema = webinarSchema.extend({
  youtube_video_id: z.string(),
});
export type AdminWebinar = z.infer<typeof adminWebinarSchema>;

export const webinarListSchema = z.object({ webinars: z.array(webinarSchema) });
export const adminWebinarListSchema = z.object({ webinars: z.array(adminWebinarSchema) });

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
  /** bare id (the form converts URLs) */
  youtube_video_id: string;
  is_active: boolean;
  /** path in the webinar_assets bucket, or null */
  thumbnail_image_path: string | null;
};

/** Low-seat badge below this many seats (SPEC.md §9). */
export const LOW_SEATS_THRESHOLD = 5;

/** 'Store Credit' badge above this coupon percentage (SPEC.md §9). */
export const STORE_CREDIT_PERCENTAGE = 100;
