/** Texts of the video player's error box (docs/product.md#texts-users-see). */

export const PLAYER_INIT_FAILED_MESSAGE = "Failed to initialize the video player. Please try again later.";

/** The store's own video: no way to play HLS here, or its files could not be loaded after one recovery. */
export const OWN_VIDEO_UNSUPPORTED_MESSAGE = "This browser cannot play this video. Please try another browser.";
export const OWN_VIDEO_FAILED_MESSAGE = "The video could not be loaded.";

/** Automatic retries after a player error, and the wait before each (docs/product.md#timings-and-constants). */
export const PLAYER_MAX_RETRIES = 3;
export const PLAYER_RETRY_DELAY_MS = 2000;

/** The message for a YouTube onError code. */
export function playerErrorMessage(code: number): string {
  switch (code) {
    case 2:
      return "The request contains an invalid parameter value.";
    case 5:
      return "The requested content cannot be played in an HTML5 player.";
    case 100:
      return "The video requested was not found.";
    case 101:
    case 150:
      return "The video owner does not allow this video to be played in embedded players.";
    default:
      return "An unknown error occurred with the video player.";
  }
}

/** The message with what happens next: another automatic try, or over to the user. */
export function withRetryNote(message: string, retriesLeft: boolean): string {
  return `${message} ${retriesLeft ? "Will retry automatically" : "Please refresh the page"}`;
}

/** The seeking policy's line after a jump was sent back (docs/product.md#proof-of-watching). */
export const SEEK_BLOCKED_MESSAGE = "Skipping ahead is off for this webinar: it returns you to the furthest point you watched.";
