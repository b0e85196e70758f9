import { useState } from "react";
import { useSearchParams } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { TableScroll } from "@/components/ui/table-scroll";
import { errorMessage } from "@/lib/api";
import { formatEventDate } from "@/lib/format";
import { formatCents } from "@/lib/money";
import { formatStoreDay, todayIn } from "@/lib/store-time";
import { useStoreTimeZone } from "@/lib/use-store-time-zone";
import { useCounterDay, useUnclaimed } from "../api/get-books";
import type { Report } from "../api/schemas";
import { DownloadLink } from "./download-link";

const th = "px-4 py-3";
const head = "bg-zinc-50 text-xs tracking-wide text-muted-foreground uppercase";

/**
 * The counter's day (docs/product.md#books-that-close): each redemption with
 * its time, clerk, coupon, value and POS receipt number, and the totals by
 * clerk, to match against the POS's own end-of-day report. The day lives in
 * the URL (`day`), today by default.
 */
export function CounterDaySection() {
  const zone = useStoreTimeZone();
  const [params, setParams] = useSearchParams();
  const day = params.get("day") || todayIn(zone);
  const summary = useCounterDay(day);
  const when = (t: string) => formatEventDate(t, zone);
  return (
    <section aria-labelledby="counter-day-title" className="grid gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="counter-day-title" className="text-lg font-bold text-ink">
            Counter day
          </h2>
          <p className="text-sm text-muted-foreground">Every redemption of the day with its POS receipt number.</p>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="counter-day">Day</Label>
          <Input
            id="counter-day"
            type="date"
            value={day}
            className="w-44"
            onChange={(e) => {
              const next = new URLSearchParams(params);
              if (e.target.value) next.set("day", e.target.value);
              setParams(next);
            }}
          />
        </div>
      </div>
      {summary.isError && !summary.data ? (
        <Alert variant="destructive">
          <AlertTitle>Unable to load the counter day</AlertTitle>
          <AlertDescription>{errorMessage(summary.error)}</AlertDescription>
        </Alert>
      ) : summary.data ? (
        <>
          <p role="status" className="text-sm font-medium text-ink">
            {summary.data.period.from}: {summary.data.total.count} redeemed for{" "}
            {formatCents(summary.data.total.cents)}
            {summary.data.clerks.map((c) => ` · ${c.clerk ?? "Unknown"} ${c.count} for ${formatCents(c.cents)}`).join("")}
          </p>
          <TableScroll label="Redemptions of the day" className="rounded-xl border bg-card shadow-sm">
            <table className="w-full min-w-[640px] text-left text-sm">
              <caption className="sr-only">Redemptions of the day</caption>
              <thead className={head}>
                <tr>
                  <th scope="col" className={th}>Time</th>
                  <th scope="col" className={th}>Clerk</th>
                  <th scope="col" className={th}>Coupon</th>
                  <th scope="col" className={`${th} text-right`}>Value</th>
                  <th scope="col" className={th}>POS receipt #</th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {summary.data.redemptions.length === 0 ? (
                  <tr>
                    <td colSpan={5} className="px-4 py-6 text-center text-muted-foreground">
                      No coupon was redeemed on this day.
                    </td>
                  </tr>
                ) : (
                  summary.data.redemptions.map((r) => (
                    <tr key={`${r.coupon_id}-${r.redeemed_at}`} className={r.undone_at ? "text-muted-foreground line-through" : ""}>
                      <td className={th}>{when(r.redeemed_at)}</td>
                      <td className={th}>{r.clerk ?? "Unknown"}</td>
                      <th scope="row" className={`${th} font-mono font-medium`}>{r.code}</th>
                      <td className={`${th} text-right`}>{formatCents(r.value_cents)}</td>
                      <td className={th}>
                        {r.pos_receipt || "None"}
                        {r.undone_at && <span className="ml-2 no-underline">(undone)</span>}
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </TableScroll>
          <div>
            <DownloadLink href={`/api/admin/reports/exports/counter.csv?${new URLSearchParams({ from: day, to: day })}`} label="Counter day" />
          </div>
        </>
      ) : (
        <p role="status" className="text-sm text-muted-foreground">Loading the counter day...</p>
      )}
    </section>
  );
}

/**
 * Liability by age and breakage (docs/product.md#books-that-close): the
 * credit owed at the period's end by the coupons' age, paid value and
 * promotional value apart, and the promotional value that ended unredeemed
 * per month.
 */
export function LiabilitySection({ report, query }: { report: Report; query: string }) {
  const { by_age: byAge } = report.outstanding;
  const breakage = report.breakage ?? [];
  if (!byAge) return null;
  return (
    <section aria-labelledby="liability-title" className="grid gap-3">
      <div>
        <h2 id="liability-title" className="text-lg font-bold text-ink">
          Liability by age
        </h2>
        <p className="text-sm text-muted-foreground">The outstanding store credit by the age of its coupons.</p>
      </div>
      <TableScroll label="Liability by age" className="rounded-xl border bg-card shadow-sm">
        <table className="w-full min-w-[520px] text-left text-sm">
          <caption className="sr-only">Liability by age</caption>
          <thead className={head}>
            <tr>
              <th scope="col" className={th}>Age</th>
              <th scope="col" className={`${th} text-right`}>Coupons</th>
              <th scope="col" className={`${th} text-right`}>Paid value</th>
              <th scope="col" className={`${th} text-right`}>Promotional value</th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {byAge.map((b) => (
              <tr key={b.label}>
                <th scope="row" className={`${th} font-medium text-ink`}>{b.label}</th>
                <td className={`${th} text-right`}>{b.paid.count.toLocaleString("en-US")}</td>
                <td className={`${th} text-right`}>{formatCents(b.paid.cents)}</td>
                <td className={`${th} text-right`}>{formatCents(b.promotional.cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <TableScroll label="Breakage" className="rounded-xl border bg-card shadow-sm">
        <table className="w-full min-w-[420px] text-left text-sm">
          <caption className="px-4 pt-3 text-left font-semibold text-ink">Breakage: promotional value expired unredeemed</caption>
          <thead className={head}>
            <tr>
              <th scope="col" className={th}>Month from</th>
              <th scope="col" className={`${th} text-right`}>Coupons</th>
              <th scope="col" className={`${th} text-right`}>Expired</th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {breakage.map((b) => (
              <tr key={b.month}>
                <th scope="row" className={`${th} font-medium text-ink`}>{b.month}</th>
                <td className={`${th} text-right`}>{b.expired.count.toLocaleString("en-US")}</td>
                <td className={`${th} text-right`}>{formatCents(b.expired.cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <ul className="flex flex-wrap gap-3">
        <li>
          <DownloadLink href={`/api/admin/reports/exports/liability.csv?${query}`} label="Liability by age" />
        </li>
        <li>
          <DownloadLink href={`/api/admin/reports/exports/breakage.csv?${query}`} label="Breakage" />
        </li>
      </ul>
    </section>
  );
}

/**
 * The files of the books as they stand now: the POS import file of the open
 * coupons, and the unclaimed-property list (shown on request: reading it is
 * audited as a bulk read of customer data).
 */
export function OwnerLists() {
  const zone = useStoreTimeZone();
  const [show, setShow] = useState(false);
  const unclaimed = useUnclaimed(show);
  return (
    <section aria-labelledby="owner-lists-title" className="grid gap-3">
      <h2 id="owner-lists-title" className="text-lg font-bold text-ink">
        For the POS and unclaimed property
      </h2>
      <p className="text-sm text-muted-foreground">
        The open coupons in the columns your POS imports (Settings, Books), and the coupons whose paid value has had no
        activity for the dormancy period: Illinois may require them reported as unclaimed property (a paid value that
        never expires may be exempt). Confirm with your counsel.
      </p>
      <ul className="flex flex-wrap gap-3">
        <li>
          <DownloadLink href="/api/admin/reports/lists/pos-import.csv" label="POS import file" />
        </li>
        <li>
          <DownloadLink href="/api/admin/reports/lists/unclaimed.csv" label="Unclaimed property" />
        </li>
      </ul>
      {!show ? (
        <div>
          <Button variant="outline" onClick={() => setShow(true)}>
            Show the unclaimed-property list
          </Button>
        </div>
      ) : unclaimed.isError ? (
        <Alert variant="destructive">
          <AlertTitle>Unable to load the list</AlertTitle>
          <AlertDescription>{errorMessage(unclaimed.error)}</AlertDescription>
        </Alert>
      ) : unclaimed.data ? (
        <div className="grid gap-2">
          <p role="status" className="text-sm font-medium text-ink">
            {unclaimed.data.total.count} coupon{unclaimed.data.total.count === 1 ? "" : "s"}, {formatCents(unclaimed.data.total.cents)}{" "}
            paid value, untouched for {unclaimed.data.dormancy_years} years (since {formatStoreDay(unclaimed.data.dormant_since, zone)}).
          </p>
          {unclaimed.data.coupons.length > 0 && (
            <TableScroll label="Unclaimed property" className="rounded-xl border bg-card shadow-sm">
              <table className="w-full min-w-[720px] text-left text-sm">
                <caption className="sr-only">Unclaimed property</caption>
                <thead className={head}>
                  <tr>
                    <th scope="col" className={th}>Owner</th>
                    <th scope="col" className={th}>E-mail and phone</th>
                    <th scope="col" className={`${th} text-right`}>Paid value</th>
                    <th scope="col" className={th}>Last activity</th>
                    <th scope="col" className={th}>Paid value expires</th>
                    <th scope="col" className={th}>Coupon</th>
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {unclaimed.data.coupons.map((u) => (
                    <tr key={u.coupon_id}>
                      <th scope="row" className={`${th} font-medium text-ink`}>{u.owner_name || "Unknown"}</th>
                      <td className={th}>{[u.email, u.phone].filter(Boolean).join(", ")}</td>
                      <td className={`${th} text-right`}>{formatCents(u.paid_cents)}</td>
                      <td className={th}>{formatStoreDay(u.last_activity_at, zone)}</td>
                      <td className={th}>
                        {u.paid_never_expires ? "Never" : u.expires_at ? formatStoreDay(u.expires_at, zone) : ""}
                      </td>
                      <td className={`${th} font-mono`}>{u.code}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </div>
      ) : (
        <p role="status" className="text-sm text-muted-foreground">Loading the list...</p>
      )}
    </section>
  );
}
