// Public surface of the registration feature: registering (the dialog behind
// 'Reserve Spot'), the watch page of a registered user, and my registrations.
export type { WatchPurchaseProps } from "./components/webinar-watch-page";
export { VideoPlayer, type VideoPlayerProps } from "./components/video-player";
export { ReserveSpotProvider } from "./components/reserve-spot-provider";
export { useMyRegistrations } from "./api/get-my-registrations";

// The watch page (video and purchase), loaded on first visit in its own chunk (app/router.tsx).
export const loadWebinarWatchPage = () =>
  import("./components/webinar-watch-page").then((m) => m.WebinarWatchPage);
