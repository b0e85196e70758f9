import type { Bucket } from "./schemas";

/** Query keys of stored images. */
export const mediaKeys = {
  all: ["media"] as const,
  bucket: (bucket: Bucket) => [...mediaKeys.all, bucket] as const,
};
