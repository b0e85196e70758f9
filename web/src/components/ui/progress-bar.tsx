import { cn } from "@/lib/utils";

type ProgressBarProps = {
  /** The id of the element that names the bar. */
  labelledBy: string;
  /** 0 to 100. */
  percent: number;
  /** What a screen reader says, such as "42% watched". */
  valueText: string;
  /** The filled part's colour and motion. */
  fillClassName?: string;
};

/** A named, announced progress bar (the watch progress, an upload). */
export function ProgressBar({ labelledBy, percent, valueText, fillClassName }: ProgressBarProps) {
  return (
    <div
      role="progressbar"
      aria-labelledby={labelledBy}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      className="h-2.5 w-full overflow-hidden rounded-full bg-zinc-200"
    >
      <div className={cn("h-full rounded-full bg-accent-600 transition-[width]", fillClassName)} style={{ width: `${percent}%` }} />
    </div>
  );
}
