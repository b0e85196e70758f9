// Public surface of the videos feature: the admin's uploaded video of a webinar (upload,
// transcoding state, captions), which app/ puts into the webinar form.
export type { WebinarVideoPanelProps } from "./components/webinar-video-panel";

// Loaded with the admin webinars page; Uppy itself loads only when an upload starts.
export const loadWebinarVideoPanel = () =>
  import("./components/webinar-video-panel").then((m) => m.WebinarVideoPanel);
