import type { Report, SeriesPoint } from "../api/schemas";
import { formatCents } from "@/lib/money";

type SalesChartProps = { series: Report["series"] };

const WIDTH = 720;
const HEIGHT = 240;
const PAD = { top: 16, right: 8, bottom: 28, left: 56 };
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A bucket's short label: the day of the month, the month, or the year. */
function label(start: string, bucket: Report["series"]["bucket"]): string {
  const [y, m, d] = start.split("-");
  if (bucket === "year") return y;
  if (bucket === "month") return MONTHS[Number(m) - 1] ?? m;
  return String(Number(d));
}

function longLabel(p: SeriesPoint, bucket: Report["series"]["bucket"]): string {
  return bucket === "day" ? p.start : label(p.start, bucket) + (bucket === "month" ? ` ${p.start.slice(0, 4)}` : "");
}

/**
 * Sales (payments taken) and redemptions (face value) per bucket of the
 * period, as paired bars in plain SVG, with the same figures in a table for
 * screen readers. Plain SVG, no charting library: it ships in the reports
 * page's chunk.
 */
export function SalesChart({ series }: SalesChartProps) {
  const points = series.points;
  const max = Math.max(1, ...points.flatMap((p) => [p.sales.cents, p.redemptions.cents]));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(points.length, 1);
  const bar = Math.max(1, Math.min(14, slot / 2 - 1));
  const y = (cents: number) => PAD.top + plotH - (cents / max) * plotH;
  const every = Math.ceil(points.length / 12);
  const per = series.bucket === "day" ? "day" : series.bucket === "month" ? "month" : "year";

  return (
    <figure className="grid gap-3">
      <figcaption className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-muted-foreground">
        <span>Sales and redemptions per {per}</span>
        <span className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-zinc-800" /> Sales (paid)
        </span>
        <span className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-accent-500" /> Redeemed (face value)
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
        role="img"
        aria-label={`Bar chart of sales and redemptions per ${per}; the table below holds the same figures.`}
      >
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(max * f)} y2={y(max * f)} className="stroke-zinc-200" />
            <text x={PAD.left - 6} y={y(max * f) + 4} textAnchor="end" className="fill-zinc-500 text-[11px]">
              {formatCents(Math.round(max * f)).replace(/\.\d\d$/, "")}
            </text>
          </g>
        ))}
        {points.map((p, i) => {
          const x = PAD.left + i * slot + slot / 2;
          return (
            <g key={p.start}>
              <rect x={x - bar} y={y(p.sales.cents)} width={bar} height={PAD.top + plotH - y(p.sales.cents)} className="fill-zinc-800">
                <title>{`${longLabel(p, series.bucket)}: sales ${formatCents(p.sales.cents)}`}</title>
              </rect>
              <rect x={x} y={y(p.redemptions.cents)} width={bar} height={PAD.top + plotH - y(p.redemptions.cents)} className="fill-accent-500">
                <title>{`${longLabel(p, series.bucket)}: redeemed ${formatCents(p.redemptions.cents)}`}</title>
              </rect>
              {i % every === 0 && (
                <text x={x} y={HEIGHT - 8} textAnchor="middle" className="fill-zinc-500 text-[11px]">
                  {label(p.start, series.bucket)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <table className="sr-only">
        <caption>Sales and redemptions per {per}</caption>
        <thead>
          <tr>
            <th scope="col">{per}</th>
            <th scope="col">Sales</th>
            <th scope="col">Redeemed</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.start}>
              <th scope="row">{longLabel(p, series.bucket)}</th>
              <td>{formatCents(p.sales.cents)}</td>
              <td>{formatCents(p.redemptions.cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
