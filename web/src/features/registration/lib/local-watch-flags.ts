/**
 * Watch flags an older build kept in the browser. The server is the only
 * authority on watched_video_fully now; the watch page clears these on mount
 * and on a reset (docs/product.md#states-and-transitions) so a stale copy can never unlock anything.
 */
function keysFor(webinarId: string): string[] {
  return [`webinar_${webinarId}_watched`, `webinar_${webinarId}_progress`, `watched_${webinarId}`];
}

export function clearLocalWatchFlags(webinarId: string): void {
  try {
    for (const key of keysFor(webinarId)) window.localStorage.removeItem(key);
  } catch {
    // storage disabled: nothing to clear
  }
}
