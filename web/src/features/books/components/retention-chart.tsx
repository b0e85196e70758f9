import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { RetentionCurve } from "../api/schemas";

/** "4:05" or "1:02:03" for seconds. */
function clock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.floor(seconds % 60);
  return `${h > 0 ? `${h}:${String(m).padStart(2, "0")}` : m}:${String(s).padStart(2, "0")}`;
}

/**
 * One webinar's retention curve (docs/product.md#retention-and-sources): the
 * share of its registrants who watched each hundredth of the video, drawn with
 * recharts, the median share watched and the point where half the viewers had
 * stopped. The figures are in a table for screen readers too.
 */
export function RetentionChart({ curve }: { curve: RetentionCurve }) {
  const part = curve.length_seconds / curve.buckets.length;
  const data = curve.buckets.map((share, i) => ({ at: Math.round(i * part), share }));
  const title = curve.webinar_title || "Unknown Webinar";
  return (
    <figure className="grid gap-3 rounded-xl border bg-card p-5 shadow-sm">
      <figcaption className="grid gap-1">
        <span className="font-semibold text-ink">{title}</span>
        <span className="text-sm text-muted-foreground">
          Median watched: {curve.median_watched_percent.toFixed(1)}% · Half the viewers had stopped by{" "}
          {clock(curve.half_stopped_seconds)} · {curve.viewers.toLocaleString("en-US")} of{" "}
          {curve.registrants.toLocaleString("en-US")} registrants watched
        </span>
      </figcaption>
      <div role="img" aria-label={`Retention curve of ${title}: share of registrants who watched each part of the video.`} className="h-56 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e4e4e7" />
            <XAxis dataKey="at" tickFormatter={clock} fontSize={11} />
            <YAxis domain={[0, 100]} tickFormatter={(v: number) => `${v}%`} fontSize={11} width={40} />
            <Tooltip formatter={(v) => [`${Number(v).toFixed(1)}%`, "Watched"]} labelFormatter={(v) => clock(Number(v))} />
            <Area type="monotone" dataKey="share" stroke="#E53E3E" fill="#E53E3E" fillOpacity={0.2} isAnimationActive={false} />
          </AreaChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>Retention of {title}</caption>
        <thead>
          <tr>
            <th scope="col">From</th>
            <th scope="col">Watched</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.at}>
              <th scope="row">{clock(d.at)}</th>
              <td>{d.share.toFixed(1)}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
