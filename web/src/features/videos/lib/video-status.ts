import type { AdminVideo } from "../api/schemas";

/** A video's state in one line (docs/product.md#the-stores-own-videos): 'Queued', 'Transcoding 42 %', 'Ready', 'Failed: <reason>'. */
export function videoStatusLine(video: Pick<AdminVideo, "status" | "percent" | "error">): string {
  switch (video.status) {
    case "uploading":
      return "Upload not finished";
    case "queued":
      return "Queued";
    case "transcoding":
      return `Transcoding ${Math.round(video.percent)} %`;
    case "ready":
      return "Ready";
    case "failed":
      return `Failed: ${video.error ?? "the video could not be prepared."}`;
  }
}
