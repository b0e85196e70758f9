import type { UploadedVideo } from "@/lib/registrations/schemas";
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
};
