import { z } from "@/lib/zod";

/** Storage buckets (docs/product.md#records, docs/api.md#stored-images). */
export type Bucket = "site_images" | "webinar_assets";

/** Image types the server accepts (judged by content there). */
export const ACCEPTED_IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/gif";

/** The server's size cap, checked early to spare a useless upload. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** 201 answer of POST /api/admin/media/{bucket}. */
export const uploadResultSchema = z.object({
  bucket: z.string(),
  /** path inside the bucket, e.g. webinar_thumbnails/range_day_1764000000.jpg */
  path: z.string(),
  /** public URL, e.g. /media/webinar_assets/webinar_thumbnails/… */
  url: z.string(),
  size: z.number(),
  content_type: z.string(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** One stored file of GET /api/admin/media/{bucket}. */
export const storedImageSchema = z.object({
  name: z.string(),
  /** path inside the bucket, e.g. hero_background.jpg */
  path: z.string(),
  /** public URL, e.g. /media/site_images/hero_background.jpg */
  url: z.string(),
  size: z.number(),
  updated_at: z.string(),
});
export type StoredImage = z.infer<typeof storedImageSchema>;

export const storedImageListSchema = z.object({ files: z.array(storedImageSchema) });
