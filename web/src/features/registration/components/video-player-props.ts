import type { ReactNode } from "react";
import type { UploadedVideo } from "@/lib/registrations/schemas";
import type { PlayerJump } from "../hooks/use-player-jump";
import type { PlayerCallbacks } from "../hooks/use-tracker-events";

/** The watch page's player: what it plays and what it tells the page. */
export type VideoPlayerProps = PlayerCallbacks & {
  /** The YouTube video id. A new id tears the old player down and starts afresh. */
  videoId: string;
  /** The store's own video (source 'upload'): played instead of the YouTube id. */
  upload?: UploadedVideo;
  /** The webinar's title: names the player region and its iframe for assistive technology. */
  title?: string;
  /** The server's percentage watched, shown by the bar instead of the position. */
  serverPercent?: number | null;
  /** Start the video here (seconds; a watch link's ?t=), within the seeking policy. */
  startAt?: number;
  /** Move to a second and play ('Resume at 12:34'), within the seeking policy. */
  jump?: PlayerJump | null;
  /** Drawn over the video for the whole second playing now (the cards in the video). */
  renderOverlay?: (second: number) => ReactNode;
};
