// Public surface of the registration feature: the watch page of a registered user.
export { WebinarWatchPage } from "./components/webinar-watch-page";
export { VideoPlayer, type VideoPlayerProps } from "./components/video-player";
export { ReserveSpotProvider } from "./components/reserve-spot-provider";
