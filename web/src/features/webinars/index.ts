// Public surface of the webinars feature for the app shell and other features.
export { webinarKeys } from "./api/keys";
export {
  adminWebinarSchema,
  LOW_SEATS_THRESHOLD,
  STORE_CREDIT_PERCENTAGE,
  webinarSchema,
  type AdminWebinar,
  type Webinar,
  type WebinarInput,
} from "./api/schemas";
export { getWebinars, useWebinars, webinarsQueryOptions } from "./api/get-webinars";
export { getWebinar, useWebinar, webinarQueryOptions } from "./api/get-webinar";
export { adminWebinarsQueryOptions, getAdminWebinars, useAdminWebinars } from "./api/get-admin-webinars";
export { createWebinar, useCreateWebinar } from "./api/create-webinar";
export { updateWebinar, useUpdateWebinar } from "./api/update-webinar";
export { deleteWebinar, useDeleteWebinar } from "./api/delete-webinar";
export { useReserveSpot, webinarPath } from "./hooks/use-reserve-spot";
export { useStoreTimeZone } from "./hooks/use-store-time-zone";
export {
  DEFAULT_TIME_ZONE,
  formatEventDate,
  formatMoney,
  formatPrice,
  formatSeats,
  formatSeatsLeftBadge,
  zoneAbbreviation,
  zoneLabel,
} from "./lib/format";
export { fromWallClock, todayIn, toWallClock } from "./lib/store-time";
export { extractVideoId } from "./lib/video-id";
export {
  formFieldOf,
  newWebinarFormValues,
  toWebinarInput,
  WEBINAR_DEFAULTS,
  webinarFormMessages,
  webinarFormSchema,
  webinarToFormValues,
  type WebinarFormField,
  type WebinarFormValues,
} from "./lib/webinar-form";
export { WebinarImage } from "./components/webinar-image";
export { WebinarCard } from "./components/webinar-card";
export { WebinarList } from "./components/webinar-list";
