import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { formatVideoLength } from "@/lib/format";
import { cn } from "@/lib/utils";
import type { TranscriptCue } from "../hooks/use-track-cues";

type TranscriptProps = {
  cues: TranscriptCue[];
  /** The cue playing now; -1: none. */
  active: number;
  /** Go to a cue's start (the player applies the seeking policy). */
  onSeek: (seconds: number) => void;
};

/**
 * The transcript under the store's own video (docs/product.md#the-stores-own-videos): each
 * line a button that goes to its time, the line playing now marked (aria-current, no live
 * announcement: the video speaks for itself). One tab stop; the arrow keys, Home and End move
 * between lines, so a long transcript does not stand between the keyboard and the rest of the page.
 */
export function Transcript({ cues, active, onSeek }: TranscriptProps) {
  const headingId = useId();
  const hintId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const [focused, setFocused] = useState<number | null>(null);
  const stop = focused ?? Math.max(active, 0);

  // The line playing now stays in view inside the box, unless the viewer is moving through the lines.
  useEffect(() => {
    const list = listRef.current;
    if (!list || active < 0 || list.contains(document.activeElement)) return;
    const line = list.children[active] as HTMLElement | undefined;
    if (line) list.scrollTop = Math.max(0, line.offsetTop - list.clientHeight / 3);
  }, [active]);

  if (cues.length === 0) return null;

  const move = (index: number) => {
    const next = Math.min(cues.length - 1, Math.max(0, index));
    setFocused(next);
    listRef.current?.querySelectorAll("button")[next]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLOListElement>) => {
    const keys: Record<string, number> = { ArrowDown: stop + 1, ArrowUp: stop - 1, Home: 0, End: cues.length - 1 };
    if (!(e.key in keys)) return;
    e.preventDefault();
    move(keys[e.key]);
  };

  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h2 id={headingId} className="text-lg font-bold text-ink">
        Transcript
      </h2>
      <p id={hintId} className="sr-only">
        Each line goes to its moment in the video. Use the arrow keys to move between lines.
      </p>
      <ol
        ref={listRef}
        aria-describedby={hintId}
        onKeyDown={onKeyDown}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(null);
        }}
        className="relative max-h-72 overflow-y-auto rounded-lg border bg-card p-1"
      >
        {cues.map((cue, i) => (
          <li key={`${cue.start}-${i}`}>
            <button
              type="button"
              tabIndex={i === stop ? 0 : -1}
              aria-current={i === active ? "true" : undefined}
              onFocus={() => setFocused(i)}
              onClick={() => onSeek(cue.start)}
              className={cn(
                "flex w-full gap-3 rounded-md px-3 py-2 text-left text-sm leading-relaxed text-zinc-700 outline-none hover:bg-zinc-100 focus-visible:ring-2 focus-visible:ring-accent-500",
                i === active && "bg-accent-50 font-medium text-ink",
              )}
            >
              <span className="shrink-0 tabular-nums text-muted-foreground">{formatVideoLength(cue.start)}</span>
              <span>{cue.text}</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
