import type { Report, SeriesPoint } from "../api/schemas";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatCents } from "@/lib/money";

type SalesChartProps = { series: Report["series"] };

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
 * period, as paired bars drawn by recharts (the reports' one chart library,
 * which the retention curves use too), with the same figures in a table for
 * screen readers.
 */
export function SalesChart({ series }: SalesChartProps) {
  const points = series.points;
  const data = points.map((p) => ({
    label: label(p.start, series.bucket),
    long: longLabel(p, series.bucket),
    sales: p.sales.cents,
    redemptions: p.redemptions.cents,
  }));
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
      <div
        className="h-60 w-full"
        role="img"
        aria-label={`Bar chart of sales and redemptions per ${per}; the table below holds the same figures.`}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid vertical={false} stroke="#e4e4e7" />
            <XAxis dataKey="label" fontSize={11} interval={Math.max(0, every - 1)} />
            <YAxis fontSize={11} width={56} tickFormatter={(c: number) => formatCents(Math.round(c)).replace(/\.\d\d$/, "")} />
            <Tooltip
              formatter={(v, name) => [formatCents(Number(v)), name === "sales" ? "Sales" : "Redeemed"]}
              labelFormatter={(_, items) => (items?.[0]?.payload as { long?: string } | undefined)?.long ?? ""}
            />
            <Bar dataKey="sales" fill="#27272a" isAnimationActive={false} />
            <Bar dataKey="redemptions" fill="#E53E3E" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
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
