import { FileVideo, Pause, Play, RotateCw, Upload, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import { formatFileSize } from "@/lib/media/format-size";
import { startVideoUpload, type UploadControls } from "../lib/tus-upload";

/** Where an upload of this page stands. */
export type UploadState =
  | { phase: "idle" }
  | { phase: "starting"; name: string }
  | { phase: "uploading" | "paused"; name: string; sent: number; total: number }
  | { phase: "failed"; name: string; sent: number; total: number; message: string };

type VideoUploaderProps = {
  webinarId: string;
  /** The size cap the server accepts (its WATCHWIN_VIDEO_MAX_BYTES). */
  maxBytes: number;
  /** 'Replace the video' instead of 'Upload a video'. */
  replacing: boolean;
  /** The upload reached the server whole: it is queued for transcoding. */
  onUploaded: () => void;
  /** Told while bytes are being sent (the form must not close then); a paused upload is not busy. */
  onBusyChange?: (busy: boolean) => void;
};

/**
 * The webinar's video upload (docs/product.md#the-stores-own-videos): a resumable tus upload
 * through Uppy, with a progress bar, Pause, Resume and Cancel.
 */
export function VideoUploader({ webinarId, maxBytes, replacing, onUploaded, onBusyChange }: VideoUploaderProps) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const controls = useRef<UploadControls | null>(null);
  const [state, setState] = useState<UploadState>({ phase: "idle" });
  const [refusal, setRefusal] = useState<string | null>(null);
  const busy = state.phase === "starting" || state.phase === "uploading";

  const busyRef = useRef(onBusyChange);
  useEffect(() => {
    busyRef.current = onBusyChange;
  });
  useEffect(() => busyRef.current?.(busy), [busy]);
  // Leaving pauses: the same file chosen again later resumes where the server has it.
  useEffect(
    () => () => {
      controls.current?.stop();
      busyRef.current?.(false);
    },
    [],
  );

  const onFile = async (file: File | undefined) => {
    if (inputRef.current) inputRef.current.value = "";
    if (!file) return;
    setRefusal(null);
    if (file.size > maxBytes) {
      setRefusal(`${file.name} is ${formatFileSize(file.size)}; videos may be at most ${formatFileSize(maxBytes)}.`);
      return;
    }
    setState({ phase: "starting", name: file.name });
    const total = file.size;
    try {
      controls.current = await startVideoUpload(file, webinarId, {
        progress: (sent, size) =>
          setState((s) => (s.phase === "paused" ? { ...s, sent, total: size } : { phase: "uploading", name: file.name, sent, total: size })),
        done: () => {
          controls.current = null;
          setState({ phase: "idle" });
          onUploaded();
        },
        failed: (message) =>
          setState((s) => ({ phase: "failed", name: file.name, sent: "sent" in s ? s.sent : 0, total, message })),
      });
      setState((s) => (s.phase === "starting" ? { phase: "uploading", name: file.name, sent: 0, total } : s));
    } catch {
      setState({ phase: "failed", name: file.name, sent: 0, total, message: "The uploader could not be loaded. Please try again." });
    }
  };

  const setPaused = (paused: boolean) => {
    controls.current?.setPaused(paused);
    setState((s) => (s.phase === "uploading" || s.phase === "paused" ? { ...s, phase: paused ? "paused" : "uploading" } : s));
  };
  const retry = () => {
    controls.current?.retry();
    setState((s) => (s.phase === "failed" ? { phase: "uploading", name: s.name, sent: s.sent, total: s.total } : s));
  };
  const cancel = () => {
    controls.current?.cancel();
    controls.current = null;
    setState({ phase: "idle" });
  };

  if (state.phase === "idle") {
    return (
      <div className="grid gap-2">
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="video/*"
          className="sr-only"
          aria-describedby={hintId}
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
        <Button type="button" variant="outline" className="w-fit" onClick={() => inputRef.current?.click()}>
          <Upload aria-hidden="true" />
          {replacing ? "Replace the video" : "Upload a video"}
        </Button>
        <p id={hintId} className="text-xs text-muted-foreground">
          MP4, MOV or another video file, up to {formatFileSize(maxBytes)}. A dropped connection resumes where it
          stopped; choose the same file again to go on with an unfinished upload.
        </p>
        {refusal && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {refusal}
          </p>
        )}
      </div>
    );
  }

  return <UploadProgress state={state} onPause={() => setPaused(true)} onResume={() => setPaused(false)} onRetry={retry} onCancel={cancel} />;
}

type UploadProgressProps = {
  state: Exclude<UploadState, { phase: "idle" }>;
  onPause: () => void;
  onResume: () => void;
  onRetry: () => void;
  onCancel: () => void;
};

/** An upload under way: its file, a progress bar with the bytes sent, and what may be done now. */
export function UploadProgress({ state, onPause, onResume, onRetry, onCancel }: UploadProgressProps) {
  const labelId = useId();
  const sent = state.phase === "starting" ? 0 : state.sent;
  const total = state.phase === "starting" ? 0 : state.total;
  const percent = total > 0 ? Math.floor((sent / total) * 100) : 0;
  const phaseText = { starting: "Starting the upload...", uploading: "Uploading", paused: "Paused", failed: "Upload stopped" }[state.phase];

  return (
    <div className="grid gap-3 rounded-lg border p-4">
      <div className="flex items-center gap-2 text-sm">
        <FileVideo className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span id={labelId} className="min-w-0 truncate font-medium text-foreground">
          {state.name}
        </span>
        <span className="ml-auto shrink-0 text-muted-foreground">{phaseText}</span>
      </div>
      <ProgressBar labelledBy={labelId} percent={percent} valueText={`${percent}% uploaded`} />
      <p className="text-xs tabular-nums text-muted-foreground">
        {total > 0 ? `${formatFileSize(sent)} of ${formatFileSize(total)} (${percent} %)` : "\u00a0"}
      </p>
      {state.phase === "failed" && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {state.message}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {state.phase === "uploading" && (
          <Button type="button" variant="outline" size="sm" onClick={onPause}>
            <Pause aria-hidden="true" />
            Pause
          </Button>
        )}
        {state.phase === "paused" && (
          <Button type="button" variant="outline" size="sm" onClick={onResume}>
            <Play aria-hidden="true" />
            Resume
          </Button>
        )}
        {state.phase === "failed" && (
          <Button type="button" variant="outline" size="sm" onClick={onRetry}>
            <RotateCw aria-hidden="true" />
            Resume
          </Button>
        )}
        <Button type="button" variant="ghost" size="sm" onClick={onCancel} disabled={state.phase === "starting"}>
          <X aria-hidden="true" />
          Cancel upload
        </Button>
      </div>
    </div>
  );
}
