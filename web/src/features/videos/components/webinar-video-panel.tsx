import { useQueryClient } from "@tanstack/react-query";
import { CircleCheck, CircleX, Clapperboard, LoaderCircle, TriangleAlert } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api";
import { formatVideoLength } from "@/lib/format";
import { webinarKeys } from "@/lib/query-keys/webinars";
import { notify } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { videoKeys } from "../api/keys";
import type { AdminVideo } from "../api/schemas";
import { useWebinarVideo } from "../api/webinar-video";
import { videoStatusLine } from "../lib/video-status";
import { CaptionsEditor } from "./captions-editor";
import { VideoUploader } from "./video-uploader";

export const FFMPEG_MISSING_MESSAGE = "Video uploads need ffmpeg on the server; YouTube still works.";

export type WebinarVideoPanelProps = {
  webinarId: string;
  /** A video of this webinar became ready while the form was open: its length, for the form's field. */
  onVideoReady?: (durationSeconds: number) => void;
  /** Told while an upload sends (the form must not close then). */
  onBusyChange?: (busy: boolean) => void;
};

/**
 * The uploaded video of a saved webinar in its form (docs/product.md#the-stores-own-videos): the
 * video it plays, the newest upload's state (asked again while it is queued or transcoding, so the
 * admin may close the form and come back), the uploader, and the captions editor. Without ffmpeg on
 * the server the uploader is one line, and YouTube stays available in the form.
 */
export function WebinarVideoPanel({ webinarId, onVideoReady, onBusyChange }: WebinarVideoPanelProps) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const video = useWebinarVideo(webinarId);
  const latest = video.data?.latest ?? null;
  const current = video.data?.current ?? null;

  // Ready while the form is open: the length fills the form, the table's flags change.
  const seen = useRef<{ id: string; status: string } | null>(null);
  const readyRef = useRef(onVideoReady);
  useEffect(() => {
    readyRef.current = onVideoReady;
  });
  useEffect(() => {
    if (!latest) return;
    const before = seen.current;
    seen.current = { id: latest.id, status: latest.status };
    if (!before || before.id !== latest.id || before.status === latest.status) return;
    if (latest.status === "ready") {
      if (latest.duration_seconds) readyRef.current?.(latest.duration_seconds);
      void queryClient.invalidateQueries({ queryKey: webinarKeys.admin() });
      notify.success("Video ready", `${latest.filename} is ready to play.`);
    } else if (latest.status === "failed") {
      notify.error("Video failed", videoStatusLine(latest));
    }
  }, [latest, queryClient]);

  const onUploaded = () => {
    notify.success("Upload complete", "The video is queued for transcoding. You may close this form meanwhile.");
    void queryClient.invalidateQueries({ queryKey: videoKeys.ofWebinar(webinarId) });
  };

  let body;
  if (video.isPending) {
    body = <Spinner className="size-5" label="Loading the video..." />;
  } else if (video.isError) {
    body = (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(video.error, "The video's state could not be loaded.")}
      </p>
    );
  } else {
    const { ffmpeg, max_bytes: maxBytes } = video.data;
    const working = latest && latest.id !== current?.id ? latest : null;
    const captionsOf = latest && latest.status !== "failed" && latest.status !== "uploading" ? latest : current;
    body = (
      <>
        {current ? (
          <VideoRow video={current} label="Plays" />
        ) : (
          <p className="text-sm text-muted-foreground">No video yet: viewers see 'This video is being prepared' until one is ready.</p>
        )}
        {working && <VideoRow video={working} label="New upload" />}
        {/* State changes only, not every percent: a screen reader hears Queued, Transcoding, Ready or Failed once. */}
        <p className="sr-only" aria-live="polite">
          {latest ? `${latest.filename}: ${latest.status === "transcoding" ? "Transcoding" : videoStatusLine(latest)}` : ""}
        </p>
        {ffmpeg ? (
          <VideoUploader
            webinarId={webinarId}
            maxBytes={maxBytes}
            replacing={Boolean(current || working)}
            onUploaded={onUploaded}
            onBusyChange={onBusyChange}
          />
        ) : (
          <p className="flex items-start gap-2 text-sm text-amber-800">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {FFMPEG_MISSING_MESSAGE}
          </p>
        )}
        {captionsOf && <CaptionsEditor video={captionsOf} />}
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} className="grid gap-4 rounded-lg border p-4">
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-foreground">
        <Clapperboard className="size-4 text-muted-foreground" aria-hidden="true" />
        Uploaded video
      </h3>
      {body}
    </section>
  );
}

/** A video's file, length and renditions, and its state in one line. */
function VideoRow({ video, label }: { video: AdminVideo; label: string }) {
  const line = videoStatusLine(video);
  const details = [
    video.duration_seconds ? formatVideoLength(video.duration_seconds) : null,
    video.renditions.length > 0 ? video.renditions.join(", ") : null,
  ].filter(Boolean);
  const Icon = video.status === "ready" ? CircleCheck : video.status === "failed" ? CircleX : LoaderCircle;
  return (
    <div className="grid gap-1 text-sm">
      <p className="min-w-0">
        <span className="text-muted-foreground">{label}: </span>
        <span className="font-medium break-all text-foreground">{video.filename}</span>
        {details.length > 0 && <span className="text-muted-foreground"> · {details.join(" · ")}</span>}
      </p>
      <p
        data-testid="video-status"
        className={cn(
          "flex items-center gap-1.5 font-medium",
          video.status === "ready" && "text-green-800",
          video.status === "failed" && "text-destructive",
          video.status !== "ready" && video.status !== "failed" && "text-zinc-700",
        )}
      >
        <Icon
          className={cn("size-4 shrink-0", (video.status === "queued" || video.status === "transcoding") && "animate-spin")}
          aria-hidden="true"
        />
        {line}
      </p>
    </div>
  );
}
