import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { mediaKeys } from "./keys";
import { uploadResultSchema, type Bucket, type UploadResult } from "./schemas";

export type UploadImageInput = {
  file: File;
  /**
   * Stored name. site_images keeps it (and may overwrite, e.g.
   * hero_background.jpg); webinar_assets derives a unique thumbnail path
   * from it. Defaults to the file's own name.
   */
  name?: string;
};

/**
 * POST /api/admin/media/{bucket} (admin), multipart `file` + optional `name`.
 * Refusals come back as ApiError with the server's message: 415 'Only JPEG,
 * PNG, WebP and GIF images can be uploaded.', 413 'Images must be 10 MB or
 * smaller.', 400 'Please select an image to upload.'.
 */
function uploadImage(bucket: Bucket, { file, name }: UploadImageInput): Promise<UploadResult> {
  const body = new FormData();
  body.append("file", file);
  if (name) body.append("name", name);
  return api.post(`/api/admin/media/${bucket}`, body, { schema: uploadResultSchema });
}

export function useUploadImage(bucket: Bucket) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadImageInput) => uploadImage(bucket, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaKeys.bucket(bucket) }),
  });
}
