// Public surface of the media feature (stored images).
export { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES, type StoredImage } from "./api/schemas";
export { useUploadImage } from "./api/upload-image";
export { useImages } from "./api/list-images";
export { formatKB } from "./lib/format-size";
