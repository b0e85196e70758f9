import { z } from "@/lib/zod";
import type { AdminWebinar, WebinarInput } from "@/lib/webinars/schemas";
import { DEFAULT_TIME_ZONE } from "@/lib/format";
import { fromWallClock, todayIn, toWallClock } from "@/lib/store-time";
import { extractVideoId } from "./video-id";

/** Messages of docs/product.md#validation-and-its-messages (the server sends the same ones). */
const webinarFormMessages = {
  title: "Title must be at least 5 characters",
  description: "Description must be at least 10 characters",
  eventDatetime: "Event date and time is required",
  price: "Price must be 0 or greater",
  coupon: "Coupon value must be 0 or greater",
  seats: "Total seats must be at least 1",
  videoRequired: "YouTube video ID is required",
  videoInvalid: "Invalid YouTube video ID",
} as const;

/** Form defaults of docs/product.md#validation-and-its-messages / docs/product.md#timings-and-constants. */
export const WEBINAR_DEFAULTS = {
  totalSeats: 20,
  couponPercentage: 120,
  displayPrice: 0,
  isActive: true,
  /** A new webinar lets viewers skip ahead. */
  allowSeeking: true,
  /** The time picker's default for a new webinar. */
  time: "12:00",
} as const;

const m = webinarFormMessages;

function hasAtMostTwoDecimals(n: number): boolean {
  return Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
}

/**
 * The admin webinar form. The date and time are wall-clock values in the
 * store's time zone; toWebinarInput turns them into a UTC instant. Limits
 * mirror the server's (internal/webinar/validate.go).
 */
export const webinarFormSchema = z.object({
  title: z.string().trim().min(5, m.title).max(200, "Title must be at most 200 characters"),
  description: z.string().trim().min(10, m.description).max(5000, "Description must be at most 5000 characters"),
  event_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, m.eventDatetime),
  event_time: z.string().regex(/^\d{2}:\d{2}(:\d{2})?$/, m.eventDatetime),
  display_price: z
    .number({ error: m.price })
    .min(0, m.price)
    .max(100_000, "Price must be at most $100,000")
    .refine(hasAtMostTwoDecimals, "Price must have at most 2 decimal places"),
  actual_coupon_value_percentage: z
    .number({ error: m.coupon })
    .min(0, m.coupon)
    .int("Coupon value must be a whole number")
    .max(1000, "Coupon value must be at most 1000"),
  total_seats: z
    .number({ error: m.seats })
    .min(1, m.seats)
    .int("Total seats must be a whole number")
    .max(100_000, "Total seats must be at most 100000"),
  /** 'youtube' plays youtube_video_id; 'upload' the video uploaded to the store (docs/product.md#the-stores-own-videos). */
  video_source: z.enum(["youtube", "upload"]),
  // Checked below: required only for a YouTube webinar.
  youtube_video_id: z.string().trim(),
  video_length_seconds: z
    .number({ error: "Video length must be a whole number of seconds" })
    .int("Video length must be a whole number of seconds")
    .min(10, "Video length must be at least 10 seconds")
    .max(12 * 60 * 60, "Video length must be at most 12 hours")
    .nullable(),
  allow_seeking: z.boolean(),
  is_active: z.boolean(),
  thumbnail_image_path: z.string().nullable(),
}).superRefine((values, ctx) => {
  if (values.video_source !== "youtube") return;
  const video = values.youtube_video_id;
  if (video.length < 4) ctx.addIssue({ code: "custom", path: ["youtube_video_id"], message: m.videoRequired });
  else if (extractVideoId(video) === null) ctx.addIssue({ code: "custom", path: ["youtube_video_id"], message: m.videoInvalid });
});

export type WebinarFormValues = z.input<typeof webinarFormSchema>;
export type WebinarFormField = keyof WebinarFormValues;

/** A new webinar's form: today in the store zone at 12:00, the defaults of docs/product.md#validation-and-its-messages. */
export function newWebinarFormValues(timeZone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): WebinarFormValues {
  return {
    title: "",
    description: "",
    event_date: todayIn(timeZone, now),
    event_time: WEBINAR_DEFAULTS.time,
    display_price: WEBINAR_DEFAULTS.displayPrice,
    actual_coupon_value_percentage: WEBINAR_DEFAULTS.couponPercentage,
    total_seats: WEBINAR_DEFAULTS.totalSeats,
    video_source: "youtube",
    youtube_video_id: "",
    video_length_seconds: null,
    allow_seeking: WEBINAR_DEFAULTS.allowSeeking,
    is_active: WEBINAR_DEFAULTS.isActive,
    thumbnail_image_path: null,
  };
}

/** An existing webinar's form, its event shown in the store zone. */
export function webinarToFormValues(webinar: AdminWebinar, timeZone: string = DEFAULT_TIME_ZONE): WebinarFormValues {
  const wall = toWallClock(webinar.event_datetime, timeZone);
  return {
    title: webinar.title,
    description: webinar.description,
    event_date: wall?.date ?? "",
    event_time: wall?.time ?? WEBINAR_DEFAULTS.time,
    display_price: webinar.display_price,
    actual_coupon_value_percentage: webinar.actual_coupon_value_percentage,
    total_seats: webinar.total_seats,
    video_source: webinar.video_source,
    youtube_video_id: webinar.youtube_video_id,
    video_length_seconds: webinar.video_length_seconds ?? null,
    allow_seeking: webinar.allow_seeking,
    is_active: webinar.is_active,
    thumbnail_image_path: webinar.thumbnail_image_path,
  };
}

/**
 * The API body of validated form values; a video URL becomes its bare id. An uploaded-video
 * webinar keeps a valid YouTube id it had (switching back plays it again) and drops anything else.
 */
export function toWebinarInput(values: WebinarFormValues, timeZone: string = DEFAULT_TIME_ZONE): WebinarInput {
  const video = values.youtube_video_id.trim();
  const videoId = extractVideoId(video);
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    event_datetime: fromWallClock(values.event_date, values.event_time, timeZone) ?? "",
    display_price: values.display_price,
    actual_coupon_value_percentage: values.actual_coupon_value_percentage,
    total_seats: values.total_seats,
    video_source: values.video_source,
    youtube_video_id: videoId ?? (values.video_source === "youtube" ? video : ""),
    video_length_seconds: values.video_length_seconds,
    allow_seeking: values.allow_seeking,
    is_active: values.is_active,
    thumbnail_image_path: values.thumbnail_image_path || null,
  };
}

/** The form field that shows a server error about API field `apiField`. */
export function formFieldOf(apiField: string | undefined): WebinarFormField | null {
  switch (apiField) {
    case undefined:
      return null;
    case "event_datetime":
      return "event_date";
    case "title":
    case "description":
    case "display_price":
    case "actual_coupon_value_percentage":
    case "total_seats":
    case "video_source":
    case "youtube_video_id":
    case "video_length_seconds":
    case "allow_seeking":
    case "is_active":
    case "thumbnail_image_path":
      return apiField;
    default:
      return null;
  }
}
