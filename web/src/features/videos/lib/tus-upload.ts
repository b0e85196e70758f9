import { uploadErrorMessage } from "./upload-error";

/** The tus endpoint of video uploads (docs/product.md#the-stores-own-videos). */
export const VIDEO_UPLOAD_ENDPOINT = "/api/admin/video-uploads/";
/** Each PATCH carries at most this much: a dropped connection loses at most one chunk. */
export const VIDEO_UPLOAD_CHUNK_BYTES = 32 * 1024 * 1024;
/** Waits before each automatic retry after a failed request; then it is over to the admin (Resume). */
export const VIDEO_UPLOAD_RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];

export type UploadListener = {
  progress: (sent: number, total: number) => void;
  done: () => void;
  failed: (message: string) => void;
};

export type UploadControls = {
  /** Pauses (true) or resumes (false) the upload. */
  setPaused: (paused: boolean) => void;
  /** Tries again after a failure, from where the server has it. */
  retry: () => void;
  /** Stops and removes the partial upload from the server. */
  cancel: () => void;
  /** Stops without removing anything (the page goes away): choosing the same file later resumes. */
  stop: () => void;
};

/**
 * Uploads a webinar's video file with Uppy over tus, loaded only now (its chunk stays out of
 * every other page). The session cookie goes with every request; the server's cross-site check
 * reads the browser's own Origin and Sec-Fetch-Site headers, so no token header is needed. tus
 * remembers the upload in localStorage: the same file chosen again, after a closed laptop or a
 * lost connection, resumes where the server has it.
 */
export async function startVideoUpload(file: File, webinarId: string, on: UploadListener): Promise<UploadControls> {
  const [{ default: Uppy }, { default: Tus }] = await Promise.all([import("@uppy/core"), import("@uppy/tus")]);
  const uppy = new Uppy({ autoProceed: false }).use(Tus, {
    endpoint: VIDEO_UPLOAD_ENDPOINT,
    chunkSize: VIDEO_UPLOAD_CHUNK_BYTES,
    retryDelays: VIDEO_UPLOAD_RETRY_DELAYS_MS,
    allowedMetaFields: ["webinar_id", "filename"],
    removeFingerprintOnSuccess: true,
    limit: 1,
  });
  const id = uppy.addFile({ name: file.name, type: file.type, data: file, meta: { webinar_id: webinarId, filename: file.name } });
  uppy.on("upload-progress", (_file, progress) => on.progress(progress.bytesUploaded, progress.bytesTotal ?? file.size));
  uppy.on("upload-success", () => on.done());
  uppy.on("upload-error", (_file, error, response) => on.failed(uploadErrorMessage(error, response as never)));
  void uppy.upload().catch(() => {
    // Reported through upload-error.
  });
  return {
    setPaused: (paused) => {
      if (Boolean(uppy.getFile(id)?.isPaused) !== paused) uppy.pauseResume(id);
    },
    retry: () => void uppy.retryUpload(id).catch(() => {}),
    cancel: () => {
      uppy.cancelAll();
      uppy.destroy();
    },
    // Not destroy(): it would cancel, and cancelling deletes the partial upload on the server.
    stop: () => uppy.pauseAll(),
  };
}
