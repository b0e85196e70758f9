import "./index.css";
import { rememberFirstTouch } from "@/lib/first-touch";
import { watchNativeSubmits } from "@/lib/native-submit";

// Before anything else: where the visitor came from (one who follows a
// flyer's link and moves on before the app has started still counts for it),
// and whether a form is posted before the app runs.
rememberFirstTouch(window.location.search);
watchNativeSubmits();

/** Starts the app even if the browser never reports the server's paint. */
const PAINT_WAIT_MS = 1000;

/**
 * Resolves once the browser has shown what the server painted in #root
 * (docs/api.md#pages): the app's code then downloads and runs after that
 * paint instead of competing with it (the server leaves out index.html's
 * preloads of it on such a page). The painted page works meanwhile: its
 * links are links and its forms post, and React later adopts it as it is.
 * A page the server did not paint, whose preloads are under way, or a
 * hidden tab, starts at once.
 */
function afterServerPaint(): Promise<void> {
  const root = document.getElementById("root");
  if (!root?.hasChildNodes()) return Promise.resolve();
  if (document.visibilityState === "hidden" || typeof PerformanceObserver === "undefined") {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName("first-contentful-paint").length > 0) done();
    });
    const timer = setTimeout(done, PAINT_WAIT_MS);
    function done() {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    }
    observer.observe({ type: "paint", buffered: true });
  });
}

/** Lets the browser run input and paint between two pieces of start-up work. */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve));
}

// Start-up in pieces a phone's main thread can interleave with the visitor's
// taps: React itself, then the app's modules, then the app.
void afterServerPaint()
  .then(() => import("react-dom/client"))
  .then(yieldToBrowser)
  .then(() => import("./app/start"))
  .then(async ({ start }) => {
    await yieldToBrowser();
    await start();
  });
