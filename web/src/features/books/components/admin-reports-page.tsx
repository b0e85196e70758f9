import { formatCents } from "@/lib/money";
import { useId, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { AdminPageHeader } from "@/components/layout/admin-page-header";
import { PageContainer } from "@/components/layout/page";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatEventDate } from "@/lib/format";
import { useStoreTimeZone } from "@/lib/use-store-time-zone";
import { errorMessage } from "@/lib/api";
import { useDocumentTitle } from "@/lib/use-document-title";
import { cn } from "@/lib/utils";
import { useReport } from "../api/get-report";
import type { Money, Report } from "../api/schemas";
import { periodFromParams, periodQuery, type PeriodChoice } from "../lib/period";
import { PeriodPicker } from "./period-picker";
import { RetentionChart } from "./retention-chart";
import { SalesChart } from "./sales-chart";
import { SourcesTable } from "./sources-table";
import { TableScroll } from "@/components/ui/table-scroll";
import { CounterDaySection, LiabilitySection, OwnerLists } from "./books-close";
import { DownloadLink } from "./download-link";

/**
 * "/admin/reports" (admin only): the books of a period of the store's days
 * (docs/api.md#reports): money taken and refunded, coupons by face value,
 * the store credit owed, each webinar's funnel, a chart, and the CSV
 * exports of the same period. The period lives in the URL. The page (chart
 * included) is its own chunk, loaded on first visit: no public page
 * downloads any of it.
 */
export function AdminReportsPage() {
  useDocumentTitle("Reports");
  const [params, setParams] = useSearchParams();
  const choice = periodFromParams(params);
  const query = periodQuery(choice);
  const report = useReport(query);
  const choose = (next: PeriodChoice) => setParams(new URLSearchParams(periodQuery(next)));

  return (
    <PageContainer>
      <AdminPageHeader
        title="Reports"
        description="What was sold, redeemed, expired and refunded, and the store credit still owed, for any period in the store's time zone."
      />
      <PeriodPicker key={query} value={choice} onChange={choose} />
      {report.isPending ? (
        <div role="status" aria-label="Loading the report" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      ) : report.isError && !report.data ? (
        <Alert variant="destructive">
          <AlertTitle>Unable to load the report</AlertTitle>
          <AlertDescription>{errorMessage(report.error)}</AlertDescription>
        </Alert>
      ) : (
        <ReportBody report={report.data} query={query} stale={report.isPlaceholderData} />
      )}
    </PageContainer>
  );
}

function ReportBody({ report, query, stale }: { report: Report; query: string; stale: boolean }) {
  const zone = useStoreTimeZone();
  const { payments, coupons, outstanding } = report;
  const noun = (n: number, one: string) => `${n.toLocaleString("en-US")} ${one}${n === 1 ? "" : "s"}`;
  return (
    <div aria-busy={stale || undefined} className={cn("grid gap-10 transition-opacity", stale && "opacity-60")}>
      <p role="status" className="-mt-4 text-sm text-muted-foreground">
        {report.period.from} to {report.period.to} ({zone})
      </p>
      <Section title="Payments">
        <Stat label="Taken" value={formatCents(payments.taken.cents)} note={noun(payments.taken.count, "payment")} />
        <Stat label="Refunded" value={formatCents(payments.refunded.cents)} note={noun(payments.refunded.count, "refund")} />
        <Stat label="Net" value={formatCents(payments.net_cents)} note="Taken minus refunded" />
        <Stat
          label="Returned at once"
          value={formatCents(payments.returned_no_seat.cents)}
          note={`${noun(payments.returned_no_seat.count, "payment")} with no seat left`}
        />
      </Section>
      <Section title="Coupons (face value)">
        <MoneyStat label="Issued" money={coupons.issued} />
        <MoneyStat label="Redeemed" money={coupons.redeemed} />
        <MoneyStat label="Expired" money={coupons.expired} />
        <MoneyStat label="Refunded" money={coupons.refunded} />
        {coupons.promotional_expired && coupons.promotional_expired.count > 0 && (
          <MoneyStat label="Promotional value expired" money={coupons.promotional_expired} />
        )}
      </Section>
      <Card className="border-accent-200 bg-accent-50/40">
        <CardHeader>
          <h2 className="text-lg font-bold text-ink">Outstanding store credit</h2>
          <CardDescription>
            Active, unexpired coupons as of {formatEventDate(outstanding.as_of, zone)}: what the store owes.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <p className="text-4xl font-extrabold text-ink">{formatCents(outstanding.cents)}</p>
          <p className="text-sm text-muted-foreground">{noun(outstanding.count, "coupon")}</p>
          {outstanding.paid && outstanding.promotional && (
            <dl aria-label="Outstanding store credit by part" className="mt-4 grid gap-4 sm:grid-cols-2">
              <div className="grid gap-0.5">
                <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Paid by customers</dt>
                <dd className="text-2xl font-extrabold text-ink">{formatCents(outstanding.paid.cents)}</dd>
              </div>
              <div className="grid gap-0.5">
                <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Promotional value</dt>
                <dd className="text-2xl font-extrabold text-ink">{formatCents(outstanding.promotional.cents)}</dd>
                <dd className="text-sm text-muted-foreground">{noun(outstanding.promotional.count, "coupon")} with a live bonus</dd>
              </div>
            </dl>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="text-lg font-bold text-ink">Sales and redemptions</h2>
        </CardHeader>
        <CardContent>
          <SalesChart series={report.series} />
        </CardContent>
      </Card>
      <FunnelTable funnel={report.funnel} />
      <BroughtBackTable funnel={report.funnel} />
      {report.retention && report.retention.some((c) => c.length_seconds > 0) && (
        <section aria-labelledby="retention-title" className="grid gap-3">
          <div>
            <h2 id="retention-title" className="text-lg font-bold text-ink">
              Where viewers stop
            </h2>
            <p className="text-sm text-muted-foreground">
              For each webinar with a video length: the share of its registrants who watched each part of the video.
            </p>
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            {report.retention
              .filter((c) => c.length_seconds > 0)
              .map((c) => (
                <RetentionChart key={c.webinar_id} curve={c} />
              ))}
          </div>
        </section>
      )}
      {report.sources && <SourcesTable sources={report.sources} />}
      <LiabilitySection report={report} query={query} />
      {report.controls && <Controls controls={report.controls} zone={zone} />}
      <CounterDaySection />
      <OwnerLists />
      <Exports query={query} period={report.period} />
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-4">
      <h2 id={id} className="text-lg font-bold text-ink">
        {title}
      </h2>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">{children}</dl>
    </section>
  );
}

function Stat({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div className="grid gap-1 rounded-xl border bg-card p-5 shadow-sm">
      <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-2xl font-extrabold text-ink">{value}</dd>
      <dd className="text-sm text-muted-foreground">{note}</dd>
    </div>
  );
}

function MoneyStat({ label, money }: { label: string; money: Money }) {
  return <Stat label={label} value={formatCents(money.cents)} note={`${money.count.toLocaleString("en-US")} coupon${money.count === 1 ? "" : "s"}`} />;
}

/** The funnel's 'Waiting' column, explained in its header's hint. */
export const WAITING_HINT = "People on the waiting list now: you could have sold this many more.";

function FunnelTable({ funnel }: { funnel: Report["funnel"] }) {
  const cell = (n: number, pct?: number) => (
    <td className="px-4 py-3 text-right whitespace-nowrap">
      <span className="font-semibold text-ink">{n.toLocaleString("en-US")}</span>
      {pct !== undefined && <span className="ml-2 text-xs text-muted-foreground">{pct.toFixed(1)}%</span>}
    </td>
  );
  return (
    <section aria-labelledby="funnel-title" className="grid gap-3">
      <div>
        <h2 id="funnel-title" className="text-lg font-bold text-ink">
          Webinar funnel
        </h2>
        <p className="text-sm text-muted-foreground">
          Webinars held or registered for in the period, with all their registrations to date; each percentage is of
          the step before.
        </p>
      </div>
      <TableScroll label="Webinar funnel" className="rounded-xl border bg-card shadow-sm">
        <table className="w-full min-w-[640px] text-left text-sm">
          <caption className="sr-only">Webinar funnel</caption>
          <thead className="bg-zinc-50 text-xs tracking-wide text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">Webinar</th>
              <th scope="col" className="px-4 py-3 text-right">Registered</th>
              <th scope="col" className="px-4 py-3 text-right">Watched fully</th>
              <th scope="col" className="px-4 py-3 text-right">Paid</th>
              <th scope="col" className="px-4 py-3 text-right">Redeemed</th>
              <th scope="col" className="px-4 py-3 text-right" title={WAITING_HINT}>
                <span className="cursor-help underline decoration-dotted underline-offset-4">Waiting</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {funnel.length === 0 ? (
              <tr>
                <td colSpan={6} className="px-4 py-8 text-center text-muted-foreground">
                  No webinar was held or registered for in this period.
                </td>
              </tr>
            ) : (
              funnel.map((f) => (
                <tr key={f.webinar_id}>
                  <th scope="row" className="px-4 py-3 font-medium text-ink">
                    {f.webinar_title || "Unknown Webinar"}
                  </th>
                  {cell(f.registered)}
                  {cell(f.watched, f.watched_percent)}
                  {cell(f.paid, f.paid_percent)}
                  {cell(f.redeemed, f.redeemed_percent)}
                  {f.waiting === undefined ? <td className="px-4 py-3 text-right text-muted-foreground">—</td> : cell(f.waiting)}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

/**
 * Per funnel webinar, what brought viewers back (docs/product.md#follow-ups): its cards' clicks, the
 * questions asked and answered, and its follow-ups' people, who came back to watch and who bought.
 */
function BroughtBackTable({ funnel }: { funnel: Report["funnel"] }) {
  if (funnel.length === 0 || funnel.every((f) => f.card_clicks === undefined)) return null;
  const cell = (n?: number) => (
    <td className="px-4 py-3 text-right font-semibold whitespace-nowrap text-ink">{(n ?? 0).toLocaleString("en-US")}</td>
  );
  const heads = ["Card clicks", "Questions", "Answered", "Followed up", "Came back", "Bought within 7 days"];
  return (
    <section aria-labelledby="brought-back-title" className="grid gap-3">
      <div>
        <h2 id="brought-back-title" className="text-lg font-bold text-ink">
          What brought viewers back
        </h2>
        <p className="text-sm text-muted-foreground">
          The same webinars, to date: clicks on the cards in the video, questions asked and answered, and the people
          follow-ups reached, of whom who watched again after one and who bought within 7 days of one.
        </p>
      </div>
      <TableScroll label="What brought viewers back" className="rounded-xl border bg-card shadow-sm">
        <table className="w-full min-w-[640px] text-left text-sm">
          <caption className="sr-only">What brought viewers back</caption>
          <thead className="bg-zinc-50 text-xs tracking-wide text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">Webinar</th>
              {heads.map((h) => (
                <th key={h} scope="col" className="px-4 py-3 text-right">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y">
            {funnel.map((f) => (
              <tr key={f.webinar_id}>
                <th scope="row" className="px-4 py-3 font-medium text-ink">
                  {f.webinar_title || "Unknown Webinar"}
                </th>
                {cell(f.card_clicks)}
                {cell(f.questions)}
                {cell(f.questions_answered)}
                {cell(f.followed_up)}
                {cell(f.follow_up_came_back)}
                {cell(f.follow_up_bought)}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

/**
 * The period's acts on store credit to check by name
 * (docs/product.md#admin-screens): coupons redeemed by their own owner, and
 * coupons refunded after a redemption was cancelled, with the reason typed.
 */
function Controls({ controls, zone }: { controls: NonNullable<Report["controls"]>; zone: string }) {
  const when = (t?: string | null) => (t ? formatEventDate(t, zone) : "");
  return (
    <section aria-labelledby="controls-title" className="grid gap-3">
      <div>
        <h2 id="controls-title" className="text-lg font-bold text-ink">
          Store credit to check
        </h2>
        <p className="text-sm text-muted-foreground">
          Coupons redeemed by their own owner, and coupons refunded after a redemption was cancelled.
        </p>
      </div>
      <TableScroll label="Self-redemptions" className="rounded-xl border bg-card shadow-sm">
        <table className="w-full min-w-[640px] text-left text-sm">
          <caption className="px-4 pt-3 text-left font-semibold text-ink">Self-redemptions</caption>
          <thead className="bg-zinc-50 text-xs tracking-wide text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">Coupon</th>
              <th scope="col" className="px-4 py-3 text-right">Value</th>
              <th scope="col" className="px-4 py-3">Redeemed by its owner</th>
              <th scope="col" className="px-4 py-3">Undone</th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {controls.self_redemptions.length === 0 ? (
              <tr>
                <td colSpan={4} className="px-4 py-6 text-center text-muted-foreground">
                  No coupon was redeemed by its owner in this period.
                </td>
              </tr>
            ) : (
              controls.self_redemptions.map((r) => (
                <tr key={`${r.coupon_id}-${r.redeemed_at}`}>
                  <th scope="row" className="px-4 py-3 font-mono font-medium text-ink">{r.code}</th>
                  <td className="px-4 py-3 text-right">{formatCents(r.value_cents)}</td>
                  <td className="px-4 py-3">
                    {r.redeemed_by ?? "Unknown"}, {when(r.redeemed_at)}
                  </td>
                  <td className="px-4 py-3">{when(r.undone_at) || "No"}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </TableScroll>
      <TableScroll label="Refunds after a cancelled redemption" className="rounded-xl border bg-card shadow-sm">
        <table className="w-full min-w-[760px] text-left text-sm">
          <caption className="px-4 pt-3 text-left font-semibold text-ink">Refunds after a cancelled redemption</caption>
          <thead className="bg-zinc-50 text-xs tracking-wide text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">Coupon</th>
              <th scope="col" className="px-4 py-3 text-right">Value</th>
              <th scope="col" className="px-4 py-3">Redeemed</th>
              <th scope="col" className="px-4 py-3">Redemption cancelled</th>
              <th scope="col" className="px-4 py-3">Refunded</th>
              <th scope="col" className="px-4 py-3">Reason</th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {controls.refunds_after_undo.length === 0 ? (
              <tr>
                <td colSpan={6} className="px-4 py-6 text-center text-muted-foreground">
                  No coupon was refunded after a cancelled redemption in this period.
                </td>
              </tr>
            ) : (
              controls.refunds_after_undo.map((r) => (
                <tr key={r.coupon_id}>
                  <th scope="row" className="px-4 py-3 font-mono font-medium text-ink">{r.code}</th>
                  <td className="px-4 py-3 text-right">{formatCents(r.value_cents)}</td>
                  <td className="px-4 py-3">
                    {when(r.redeemed_at)} by {r.redeemed_by ?? "Unknown"}
                  </td>
                  <td className="px-4 py-3">{r.undone_at ? `${when(r.undone_at)} by ${r.undone_by ?? "Unknown"}` : ""}</td>
                  <td className="px-4 py-3">
                    {when(r.refunded_at)} by {r.refunded_by ?? "the payment provider"}
                  </td>
                  <td className="px-4 py-3">{r.reason || "None given"}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

/** The CSV downloads of the shown period (the audit log's too). */
function Exports({ query, period }: { query: string; period: Report["period"] }) {
  const auditQuery = new URLSearchParams({ from: period.from, to: period.to }).toString();
  const links = [
    { href: `/api/admin/reports/exports/coupons.csv?${query}`, label: "Coupons" },
    { href: `/api/admin/reports/exports/payments.csv?${query}`, label: "Payments and refunds" },
    { href: `/api/admin/reports/exports/registrations.csv?${query}`, label: "Registrations" },
    { href: `/api/admin/reports/exports/retention.csv?${query}`, label: "Retention" },
    { href: `/api/admin/reports/exports/sources.csv?${query}`, label: "Sources" },
    { href: `/api/admin/audit/export.csv?${auditQuery}`, label: "Audit log" },
  ];
  return (
    <section aria-labelledby="exports-title" className="grid gap-3">
      <h2 id="exports-title" className="text-lg font-bold text-ink">
        Download for the accountant
      </h2>
      <p className="text-sm text-muted-foreground">
        CSV files of this period: dates in the store's time zone, dollars with two decimals.
      </p>
      <ul className="flex flex-wrap gap-3">
        {links.map((l) => (
          <li key={l.label}>
            <DownloadLink href={l.href} label={l.label} />
          </li>
        ))}
      </ul>
    </section>
  );
}
