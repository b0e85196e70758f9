/**
 * Whether this page posted a form itself, before the app had started: the
 * browser is then on its way to the server's answer, and the flash that
 * answer sets is for the page that arrives, not for this one while it is
 * still starting (lib/form-flash.ts). The entry script listens from the
 * start (main.tsx); once React runs, its handlers prevent the browser's own
 * submission, so later submissions do not count.
 */
let submitted = false;

/** Starts listening (the entry script, once). */
export function watchNativeSubmits(): void {
  document.addEventListener("submit", (event) => {
    if (!event.defaultPrevented) submitted = true;
  });
}

/** Whether this page has posted a form itself. */
export function postedNatively(): boolean {
  return submitted;
}
