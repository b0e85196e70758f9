// Stored images (GET/POST /api/admin/images): shared by the admin dashboard, the settings and the webinar form.
export { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES, type StoredImage } from "./schemas";
export { useUploadImage } from "./upload-image";
export { useImages } from "./list-images";
export { formatKB } from "./format-size";
