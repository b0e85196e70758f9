/// <reference types="vite/client" />

// hls.js's light build (no DRM, no alternate audio, no hls.js-managed subtitles: the watch page
// needs none of them) has the full build's API but ships no types of its own.
declare module "hls.js/light" {
  export * from "hls.js";
  export { default } from "hls.js";
}
