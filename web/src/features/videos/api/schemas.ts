import { z } from "@/lib/zod";

/** One line of a captions track: [start, end) in seconds and its text. */
export const cueSchema = z.object({ start: z.number(), end: z.number(), text: z.string() });
export type Cue = z.infer<typeof cueSchema>;

/** A captions track of a video (PUT, GET and PATCH …/captions/{lang}). */
export const captionSchema = z.object({ language: z.string(), label: z.string(), cues: z.array(cueSchema) });
export type Caption = z.infer<typeof captionSchema>;
export const captionBodySchema = z.object({ caption: captionSchema });

export const videoStatuses = ["uploading", "queued", "transcoding", "ready", "failed"] as const;
export type VideoStatus = (typeof videoStatuses)[number];

/** An uploaded video of a webinar, as the admin sees it (docs/product.md#the-stores-own-videos). */
export const adminVideoSchema = z.object({
  id: z.string(),
  status: z.enum(videoStatuses),
  percent: z.number().catch(0),
  error: z.string().nullish().transform((v) => v || null),
  filename: z.string(),
  size_bytes: z.number().catch(0),
  duration_seconds: z.number().nullish().transform((v) => v ?? null),
  renditions: z.array(z.string()).catch([]),
  created_at: z.string().optional(),
  /** Each track with its number of cues (or the cues themselves). */
  captions: z
    .array(z.object({ language: z.string(), label: z.string(), cues: z.union([z.number(), z.array(cueSchema)]) }))
    .catch([])
    .transform((tracks) => tracks.map((t) => ({ language: t.language, label: t.label, cueCount: typeof t.cues === "number" ? t.cues : t.cues.length }))),
});
export type AdminVideo = z.infer<typeof adminVideoSchema>;

/**
 * GET /api/admin/webinars/{id}/video: whether the server can transcode (ffmpeg), the upload size
 * cap, the video the webinar plays (current) and the newest upload (latest, may be the same).
 */
export const webinarVideoSchema = z.object({
  ffmpeg: z.boolean(),
  max_bytes: z.number(),
  current: adminVideoSchema.nullable(),
  latest: adminVideoSchema.nullable(),
});
export type WebinarVideo = z.infer<typeof webinarVideoSchema>;
