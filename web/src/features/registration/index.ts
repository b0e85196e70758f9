// Public surface of the registration feature: registering (the dialog behind
// 'Reserve Spot'), the watch page of a registered user, and my registrations.
export { WebinarWatchPage, type WatchPurchaseProps } from "./components/webinar-watch-page";
export { VideoPlayer, type VideoPlayerProps } from "./components/video-player";
export { ReserveSpotProvider } from "./components/reserve-spot-provider";
export { registrationKeys } from "./api/keys";
export { useRegistration } from "./api/get-registration";
export { useMyRegistrations } from "./api/get-my-registrations";
export type { MyRegistration, Registration } from "./api/schemas";
