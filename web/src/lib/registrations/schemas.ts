import { zm } from "@/lib/zod";

/**
 * A registration as the API shows it (docs/api.md#registrations; times RFC
 * 3339 UTC). zod/mini (see lib/zod.ts): the webinar cards ask for it.
 */
export const registrationSchema = zm.object({
  id: zm.string(),
  webinar_id: zm.string(),
  user_id: zm.string(),
  user_name_for_registration: zm.string(),
  user_email_for_registration: zm.string(),
  user_phone_for_registration: zm.pipe(
    zm.nullish(zm.string()),
    zm.transform((v) => v ?? null),
  ),
  registration_time: zm.string(),
  attended_live: zm._default(zm.boolean(), false),
  watched_video_fully: zm.boolean(),
  purchased_coupon: zm.boolean(),
});
export type Registration = zm.infer<typeof registrationSchema>;

/** GET …/registration: `{registration: null}` when not registered (an answer, not an error). */
export const registrationStatusSchema = zm.object({ registration: zm.nullable(registrationSchema) });

/** The answer of every call that returns one registration. */
export const registrationBodySchema = zm.object({ registration: registrationSchema });

/** POST …/registrations: created false means the user was already registered. */
export const registerResponseSchema = zm.object({
  registration: registrationSchema,
  created: zm.boolean(),
});
export type RegisterResponse = zm.infer<typeof registerResponseSchema>;

/** A short-lived signed address of an uploaded video's HLS playlist (docs/product.md#the-stores-own-videos). */
export const videoStreamSchema = zm.object({
  /** "/video/{token}/master.m3u8": every later file of the video has the same token part. */
  master_url: zm.string(),
  expires_at: zm.string(),
  /** Ask GET …/video/stream for a fresh token this often. */
  refresh_after_seconds: zm.number(),
});
export type VideoStream = zm.infer<typeof videoStreamSchema>;

/** GET …/video/stream: the stream, bare or as `{stream}`. */
export const videoStreamBodySchema = zm.union([zm.object({ stream: videoStreamSchema }), videoStreamSchema]);

/** A captions track of an uploaded video; its url carries the stream's token. */
export const captionTrackSchema = zm.object({ language: zm.string(), label: zm.string(), url: zm.string() });
export type CaptionTrack = zm.infer<typeof captionTrackSchema>;

export const videoSchema = zm.object({
  /** 'youtube' (the id below) or 'upload' (the store's own video: stream, poster, captions). */
  source: zm._default(zm.enum(["youtube", "upload"]), "youtube"),
  youtube_video_id: zm.pipe(
    zm.nullish(zm.string()),
    zm.transform((v) => v ?? ""),
  ),
  /** The length the server measures watching against; null: not set (the end is recorded as before). */
  video_length_seconds: zm.optional(zm.nullable(zm.number())),
  allow_seeking: zm.boolean(),
  /** The fastest playback rate the server credits: played time growing faster was a jump. */
  max_playback_rate: zm.number(),
  /** Upload: null while the video is not ready to play. */
  stream: zm.optional(zm.nullable(videoStreamSchema)),
  poster_url: zm.optional(zm.nullable(zm.string())),
  captions: zm.pipe(
    zm.nullish(zm.array(captionTrackSchema)),
    zm.transform((v) => v ?? []),
  ),
});

/** The store's own video as the player needs it. */
export type UploadedVideo = {
  webinarId: string;
  stream: VideoStream;
  posterUrl: string | null;
  captions: CaptionTrack[];
};

/**
 * What the watch page plays: the YouTube id or the uploaded video (its stream null while it is
 * prepared), the length the server trusts, the seeking policy and the fastest rate credited.
 */
export type WatchVideo = {
  id: string;
  lengthSeconds: number | null;
  allowSeeking: boolean;
  maxRate: number;
  upload: { stream: VideoStream | null; posterUrl: string | null; captions: CaptionTrack[] } | null;
};

/** The server's figure of my watching (docs/api.md#proof-of-watching). */
export const progressSchema = zm.object({
  length_seconds: zm.number(),
  watched_seconds: zm.number(),
  percent: zm.number(),
  furthest_seconds: zm.number(),
  /** Where the page offers to resume (docs/product.md#resume); 0: from the start. */
  resume_seconds: zm._default(zm.number(), 0),
  watched_fully: zm.boolean(),
  complete_percent: zm.number(),
  allow_seeking: zm.boolean(),
});
export type WatchProgress = zm.infer<typeof progressSchema>;
export const progressBodySchema = zm.object({ progress: progressSchema });

/** GET /api/registrations: mine, newest first, each with its webinar. */
export const myRegistrationSchema = zm.extend(registrationSchema, {
  webinar: zm.object({ id: zm.string(), title: zm.string(), event_datetime: zm.string() }),
});
export type MyRegistration = zm.infer<typeof myRegistrationSchema>;
export const myRegistrationListSchema = zm.object({ registrations: zm.array(myRegistrationSchema) });

// The registration form (docs/product.md#validation-and-its-messages); the server checks the same rules with the same messages.
const messages = {
  name: "Name must be at least 2 characters",
  nameLong: "Name must be at most 100 characters",
  email: "Please enter a valid email address",
  phone: "Please enter a valid phone number",
} as const;

/** What people type as a phone number: digits, spaces, + - . ( ) and an extension (same as the server). */
const phonePattern = /^\+?[0-9 ().-]{7,25}((x|ext\.?) ?[0-9]{1,6})?$/;

export const registrationFormSchema = zm.object({
  name: zm.string().check(
    zm.trim(),
    zm.minLength(2, { error: messages.name }),
    zm.maxLength(100, { error: messages.nameLong }),
  ),
  email: zm.pipe(zm.string().check(zm.trim()), zm.email({ error: messages.email })),
  phone: zm
    .string()
    .check(
      zm.trim(),
      zm.refine((v) => v === "" || (v.length <= 30 && phonePattern.test(v)), { error: messages.phone }),
    ),
});
export type RegistrationFormValues = zm.input<typeof registrationFormSchema>;
export type RegistrationInput = zm.output<typeof registrationFormSchema>;
