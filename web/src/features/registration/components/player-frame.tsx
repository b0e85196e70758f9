import { LoaderCircle, RotateCw, TriangleAlert, VideoOff } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import { cn } from "@/lib/utils";

export type VideoPlayerStatus = "loading" | "ready" | "playing" | "paused" | "ended" | "error";

/** A player's failure: its message, and whether the player tries again by itself. */
export type PlayerError = { message: string; retrying: boolean };

type PlayerFrameProps = {
  /** The webinar's title: names the player region for assistive technology. */
  title?: string;
  status: VideoPlayerStatus;
  error: PlayerError | null;
  /** 'Try again' after the automatic retries. */
  onStartOver: () => void;
  /** The seeking policy's one line, after a jump was sent back. */
  seekNote: string | null;
  /** The percentage the bar shows. */
  percent: number;
  /** The player itself, inside the 16:9 box. */
  children: ReactNode;
  /** Over the player, inside the box (the cards in the video). */
  overlay?: ReactNode;
  /** The player's own buttons, under the box (captions, quality). */
  toolbar?: ReactNode;
  /** Under the progress bar (the transcript). */
  footer?: ReactNode;
};

/**
 * What every player looks like on the watch page (docs/product.md#watch-page): the 16:9 box
 * with its loading and error states, the error box with 'Try again', the seeking policy's
 * line and the watch-progress bar.
 */
export function PlayerFrame({ title, status, error, onStartOver, seekNote, percent, children, overlay, toolbar, footer }: PlayerFrameProps) {
  return (
    <section aria-label={title ? `Video: ${title}` : "Video player"} data-state={status} className="space-y-3">
      <div className="relative aspect-video w-full overflow-hidden rounded-lg bg-ink shadow-sm">
        {children}
        {overlay}
        {status === "loading" && (
          <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center gap-3 text-zinc-300">
            <LoaderCircle className="size-8 animate-spin text-accent-400" aria-hidden="true" />
            <p role="status" className="text-sm">
              Loading video...
            </p>
          </div>
        )}
        {status === "error" && (
          <div className="absolute inset-0 flex items-center justify-center bg-ink text-zinc-500">
            <VideoOff className="size-10" aria-hidden="true" />
          </div>
        )}
      </div>
      {toolbar}

      {status === "error" && error && (
        <Alert variant="destructive">
          <TriangleAlert aria-hidden="true" />
          <AlertTitle>The video could not be played</AlertTitle>
          <AlertDescription>
            <p>{error.message}</p>
            <p>If this keeps happening, refresh the page or try another browser.</p>
            {!error.retrying && (
              <div className="pt-1">
                <Button variant="outline" size="sm" onClick={onStartOver}>
                  <RotateCw aria-hidden="true" />
                  Try again
                </Button>
              </div>
            )}
          </AlertDescription>
        </Alert>
      )}

      {seekNote && (
        <p role="status" className="text-sm text-amber-800">
          {seekNote}
        </p>
      )}
      <WatchProgress percent={percent} />
      {footer}
    </section>
  );
}

/** The percentage watch-progress bar under the player. */
function WatchProgress({ percent }: { percent: number }) {
  const labelId = useId();
  const done = percent >= 100;
  return (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span id={labelId} className="font-medium text-foreground">
          Watch progress
        </span>
        <span className="tabular-nums text-muted-foreground">{percent}% watched</span>
      </div>
      <ProgressBar
        labelledBy={labelId}
        percent={percent}
        valueText={`${percent}% watched`}
        fillClassName={cn("duration-500 ease-out", done && "bg-success")}
      />
    </div>
  );
}
