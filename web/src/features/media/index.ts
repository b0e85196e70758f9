// Public surface of the media feature (stored images).
export { mediaKeys } from "./api/keys";
export {
  ACCEPTED_IMAGE_TYPES,
  BUCKETS,
  MAX_UPLOAD_BYTES,
  uploadResultSchema,
  type Bucket,
  type UploadResult,
} from "./api/schemas";
export { uploadImage, useUploadImage, type UploadImageInput } from "./api/upload-image";
