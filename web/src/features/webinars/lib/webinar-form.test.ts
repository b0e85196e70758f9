import { describe, expect, it } from "vitest";
import { makeAdminWebinar } from "@/test/webinars";
import { newWebinarFormValues, toWebinarInput, webinarFormSchema, webinarToFormValues, type WebinarFormValues } from "./webinar-form";

const valid: WebinarFormValues = {
  title: "Pistol Basics",
  description: "Grip, stance and sight picture for new shooters.",
  event_date: "2026-12-03",
  event_time: "18:30",
  display_price: 40,
  actual_coupon_value_percentage: 120,
  total_seats: 20,
  video_source: "youtube",
  youtube_video_id: "https://youtu.be/dQw4w9WgXcQ?si=abc",
  video_length_seconds: 212,
  allow_seeking: false,
  is_active: true,
  thumbnail_image_path: null,
};

function firstError(values: Partial<WebinarFormValues>, field: keyof WebinarFormValues) {
  const result = webinarFormSchema.safeParse({ ...valid, ...values });
  return result.success ? undefined : result.error.issues.find((i) => i.path[0] === field)?.message;
}

describe("webinarFormSchema", () => {
  it("accepts a complete form", () => {
    expect(webinarFormSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    ["title", "Gun", "Title must be at least 5 characters"],
    ["description", "Too short", "Description must be at least 10 characters"],
    ["event_date", "", "Event date and time is required"],
    ["event_time", "", "Event date and time is required"],
    ["display_price", -1, "Price must be 0 or greater"],
    ["display_price", Number.NaN, "Price must be 0 or greater"],
    ["display_price", 1.234, "Price must have at most 2 decimal places"],
    ["actual_coupon_value_percentage", -5, "Coupon value must be 0 or greater"],
    ["total_seats", 0, "Total seats must be at least 1"],
    ["total_seats", 2.5, "Total seats must be a whole number"],
    ["youtube_video_id", "abc", "YouTube video ID is required"],
    ["youtube_video_id", "https://vimeo.com/76979871", "Invalid YouTube video ID"],
    ["video_length_seconds", 9, "Video length must be at least 10 seconds"],
    ["video_length_seconds", 12 * 3600 + 1, "Video length must be at most 12 hours"],
    ["video_length_seconds", 60.5, "Video length must be a whole number of seconds"],
  ] as const)("%s = %j → %s", (field, value, message) => {
    expect(firstError({ [field]: value }, field)).toBe(message);
  });
});

describe("form values", () => {
  it("defaults a new webinar to today at 12:00 in the store zone, 20 seats, 120 %, free, active", () => {
    expect(newWebinarFormValues("America/Chicago", new Date("2026-07-01T03:00:00Z"))).toMatchObject({
      event_date: "2026-06-30",
      event_time: "12:00",
      total_seats: 20,
      actual_coupon_value_percentage: 120,
      display_price: 0,
      is_active: true,
      thumbnail_image_path: null,
    });
  });

  it("shows an existing event in the store zone", () => {
    const w = makeAdminWebinar({ event_datetime: "2026-12-04T00:30:00Z" });
    expect(webinarToFormValues(w, "America/Chicago")).toMatchObject({ event_date: "2026-12-03", event_time: "18:30" });
  });

  it("builds the API body: UTC instant and bare video id", () => {
    expect(toWebinarInput(valid, "America/Chicago")).toEqual({
      title: "Pistol Basics",
      description: "Grip, stance and sight picture for new shooters.",
      event_datetime: "2026-12-04T00:30:00Z",
      display_price: 40,
      actual_coupon_value_percentage: 120,
      total_seats: 20,
      video_source: "youtube",
      youtube_video_id: "dQw4w9WgXcQ",
      video_length_seconds: 212,
      allow_seeking: false,
      is_active: true,
      thumbnail_image_path: null,
    });
  });

  it("keeps a webinar without a video length without one, skipping allowed", () => {
    const values = webinarToFormValues(makeAdminWebinar({}), "America/Chicago");
    expect(values).toMatchObject({ video_length_seconds: null, allow_seeking: true });
    expect(webinarFormSchema.safeParse({ ...valid, video_length_seconds: null }).success).toBe(true);
  });

  it("asks an uploaded-video webinar for no YouTube id, and keeps a valid one it had for switching back", () => {
    expect(webinarFormSchema.safeParse({ ...valid, video_source: "upload", youtube_video_id: "" }).success).toBe(true);
    expect(webinarFormSchema.safeParse({ ...valid, video_source: "upload", youtube_video_id: "not a video" }).success).toBe(true);
    expect(firstError({ video_source: "youtube", youtube_video_id: "" }, "youtube_video_id")).toBe("YouTube video ID is required");
    expect(toWebinarInput({ ...valid, video_source: "upload" })).toMatchObject({ video_source: "upload", youtube_video_id: "dQw4w9WgXcQ" });
    expect(toWebinarInput({ ...valid, video_source: "upload", youtube_video_id: "not a video" })).toMatchObject({
      video_source: "upload",
      youtube_video_id: "",
    });
    expect(webinarToFormValues(makeAdminWebinar({ video_source: "upload" }), "America/Chicago").video_source).toBe("upload");
  });

  it("reports the YouTube id's error with another field's", () => {
    const result = webinarFormSchema.safeParse({ ...valid, title: "Gun", youtube_video_id: "" });
    expect(result.success ? [] : result.error.issues.map((i) => i.path[0])).toEqual(["title", "youtube_video_id"]);
  });
});
