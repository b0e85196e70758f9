import { formatCents } from "@/lib/money";
import type { SourceRow } from "../api/schemas";
import { TableScroll } from "@/components/ui/table-scroll";

/** The period's registrations by where they came from (docs/product.md#retention-and-sources). */
export function SourcesTable({ sources }: { sources: SourceRow[] }) {
  const n = (v: number) => <td className="px-4 py-3 text-right font-semibold text-ink">{v.toLocaleString("en-US")}</td>;
  return (
    <section aria-labelledby="sources-title" className="grid gap-3">
      <div>
        <h2 id="sources-title" className="text-lg font-bold text-ink">
          Where they came from
        </h2>
        <p className="text-sm text-muted-foreground">
          Registrations made in the period by their first visit's link (a ?ref= code, else utm_source); no tags is
          direct.
        </p>
      </div>
      <TableScroll label="Funnel by source" className="rounded-xl border bg-card shadow-sm">
        <table className="w-full min-w-[640px] text-left text-sm">
          <caption className="sr-only">Funnel by source</caption>
          <thead className="bg-zinc-50 text-xs tracking-wide text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">Source</th>
              <th scope="col" className="px-4 py-3 text-right">Registered</th>
              <th scope="col" className="px-4 py-3 text-right">Watched fully</th>
              <th scope="col" className="px-4 py-3 text-right">Paid</th>
              <th scope="col" className="px-4 py-3 text-right">Redeemed</th>
              <th scope="col" className="px-4 py-3 text-right">Revenue</th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {sources.length === 0 ? (
              <tr>
                <td colSpan={6} className="px-4 py-8 text-center text-muted-foreground">
                  Nobody registered in this period.
                </td>
              </tr>
            ) : (
              sources.map((s) => (
                <tr key={[s.source, s.utm_medium, s.utm_campaign, s.ref].join("|")}>
                  <th scope="row" className="px-4 py-3 font-medium text-ink">
                    {s.source}
                    {(s.utm_medium || s.utm_campaign) && (
                      <span className="ml-2 text-xs font-normal text-muted-foreground">
                        {[s.utm_medium, s.utm_campaign].filter(Boolean).join(" · ")}
                      </span>
                    )}
                  </th>
                  {n(s.registered)}
                  {n(s.watched)}
                  {n(s.paid)}
                  {n(s.redeemed)}
                  <td className="px-4 py-3 text-right font-semibold text-ink">{formatCents(s.revenue.cents)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
