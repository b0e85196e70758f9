// Public surface of the media feature (stored images).
export { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from "./api/schemas";
export { useUploadImage } from "./api/upload-image";
