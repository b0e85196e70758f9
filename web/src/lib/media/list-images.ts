import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminQueryFreshness } from "@/lib/admin-query";
import { api } from "@/lib/api";
import { mediaKeys } from "./keys";
import { storedImageListSchema, type Bucket, type StoredImage } from "./schemas";

/** GET /api/admin/media/{bucket} (admin): the stored files, by path (the server's first 1000). */
async function listImages(bucket: Bucket, signal?: AbortSignal): Promise<StoredImage[]> {
  const { files } = await api.get(`/api/admin/media/${bucket}?limit=1000`, { schema: storedImageListSchema, signal });
  return files;
}

const imagesQueryOptions = (bucket: Bucket) =>
  queryOptions({
    queryKey: mediaKeys.bucket(bucket),
    queryFn: ({ signal }) => listImages(bucket, signal),
    ...adminQueryFreshness,
  });

/** The images of a bucket (admin data: docs/product.md#timings-and-constants freshness). */
export function useImages(bucket: Bucket) {
  return useQuery(imagesQueryOptions(bucket));
}
