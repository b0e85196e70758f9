import { cn } from "@/lib/utils";

type StackedDateTimeProps = {
  /** A date as docs/product.md#webinar-list-and-card formats it: 'November 22, 2026 at 8:04 AM CST'. */
  text: string;
  /** Show the month as 'Nov' (dense tables); the full text stays for assistive tech and the tooltip. */
  shortMonth?: boolean;
  className?: string;
};

/** 'November 22, 2026' → 'Nov 22, 2026' (English month names; anything else is left alone). */
export function abbreviateMonth(text: string): string {
  return text.replace(/^([A-Z][a-z]{2})[a-z]+ /, "$1 ");
}

/**
 * A formatted date and time on two lines for narrow table columns: the date,
 * then the time smaller. Assistive tech reads the one phrase
 * 'November 22, 2026 at 8:04 AM CST'. Text without ' at ' shows as it is.
 */
export function StackedDateTime({ text, shortMonth = false, className }: StackedDateTimeProps) {
  const at = text.lastIndexOf(" at ");
  if (at < 0) return <span className={className}>{text}</span>;
  const day = text.slice(0, at);
  return (
    <span className={cn("grid", className)} title={shortMonth ? text : undefined}>
      <span className="sr-only">{text}</span>
      <span aria-hidden="true" className="whitespace-nowrap">
        {shortMonth ? abbreviateMonth(day) : day}
      </span>
      <span aria-hidden="true" className="text-xs whitespace-nowrap text-muted-foreground">
        {text.slice(at + 4)}
      </span>
    </span>
  );
}
