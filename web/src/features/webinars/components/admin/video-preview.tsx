import { useEffect, useEffectEvent, useRef, useState } from "react";
import { loadYouTubeIframeApi, type YTPlayer } from "@/lib/youtube-api";

/** How long the preview keeps asking the player for the length (it is 0 until the metadata loads). */
const DURATION_TRIES = 20;
const DURATION_TRY_MS = 250;

type VideoPreviewProps = {
  /** The bare YouTube id; null shows nothing. */
  videoId: string | null;
  /** The player's length of the video, in whole seconds, once it knows it. */
  onDuration: (seconds: number) => void;
};

/**
 * A small preview player of the pasted video. It reads the video's length
 * (getDuration) for the form's "Video length", which the admin may correct.
 */
export function VideoPreview({ videoId, onDuration }: VideoPreviewProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const reportDuration = useEffectEvent((seconds: number) => onDuration(seconds));

  useEffect(() => {
    const container = containerRef.current;
    if (!container || !videoId) return;
    let cancelled = false;
    let player: YTPlayer | null = null;
    let timer: number | undefined;
    setFailed(false);
    void loadYouTubeIframeApi()
      .then((YT) => {
        if (cancelled) return;
        const target = document.createElement("div");
        container.replaceChildren(target);
        player = new YT.Player(target, {
          videoId,
          width: "100%",
          height: "100%",
          host: "https://www.youtube-nocookie.com",
          playerVars: { rel: 0, modestbranding: 1, playsinline: 1, origin: window.location.origin },
          events: {
            onReady: () => {
              let tries = 0;
              const read = () => {
                const d = player?.getDuration() ?? 0;
                if (d > 0) reportDuration(Math.round(d));
                else if (++tries < DURATION_TRIES) timer = window.setTimeout(read, DURATION_TRY_MS);
              };
              read();
            },
          },
        });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      try {
        player?.destroy();
      } catch {
        // going away regardless
      }
      container.replaceChildren();
    };
  }, [videoId]);

  if (!videoId) return null;
  return (
    <div className="grid gap-1.5">
      <div className="relative aspect-video w-full max-w-sm overflow-hidden rounded-md bg-ink">
        <div ref={containerRef} aria-label="Video preview" className="absolute inset-0 *:absolute *:inset-0 *:size-full *:border-0" />
      </div>
      {failed && <p className="text-xs text-muted-foreground">The preview could not load; enter the length by hand.</p>}
    </div>
  );
}
