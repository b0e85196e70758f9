import { Link } from "react-router";
import { Download } from "lucide-react";
import { AdminTable, responsiveCell } from "@/components/ui/admin-table";
import { formatEventDate } from "@/lib/format";
import { useStoreTimeZone } from "@/lib/use-store-time-zone";
import { entryListUrl, useAdminDraws } from "../../api/admin-draws";
import type { AdminDraw } from "../../api/schemas";

const COLUMNS = ["Webinar", "Drawn", "How", "Entries", "Winner", "Proof"] as const;

const HOW: Record<AdminDraw["trigger"], string> = {
  seats_filled: "Seats filled",
  deadline: "Draw date",
  admin_repick: "New winner picked",
};

/** "12 entries (8 paid, 4 free)", or the total alone for draws made before counts were kept. */
export function entryCounts(d: AdminDraw): string {
  const total = `${d.entrants} ${d.entrants === 1 ? "entry" : "entries"}`;
  return d.paid_entries === null || d.free_entries === null
    ? total
    : `${total} (${d.paid_entries} paid, ${d.free_entries} free)`;
}

function winnerOf(d: AdminDraw): string {
  if (!d.winner_id) return "No entrants";
  const name = [d.winner_first_name, d.winner_last_name].filter(Boolean).join(" ").trim();
  return name || d.winner_email || "Unknown";
}

/**
 * Every draw with its proof (docs/api.md#giveaway): the entries by kind,
 * the SHA-256 of the sorted entry list and the random value; the list itself
 * downloads as a file whose sha256sum is that hash.
 */
export function DrawsTable() {
  const timeZone = useStoreTimeZone();
  const draws = useAdminDraws();
  return (
    <section aria-labelledby="giveaway-draws" className="mt-10 grid gap-4">
      <div className="grid gap-1">
        <h2 id="giveaway-draws" className="text-xl font-bold text-ink">
          Draws
        </h2>
        <p className="text-sm text-muted-foreground">
          Every draw, newest first, with what anyone can check: download a draw&apos;s entrant list and run{" "}
          <code>sha256sum</code> on it to get the SHA-256 shown.
        </p>
      </div>
      <AdminTable
        caption="Giveaway draws"
        columns={COLUMNS}
        className="sm:min-w-[980px]"
        rows={draws.data}
        isPending={draws.isPending}
        isError={draws.isError && !draws.data}
        loading="Loading draws..."
        error="Error loading draws. Please try again later."
        empty="No draws yet."
        headClassName={() => "px-4 py-3 font-semibold"}
        renderRow={(d) => (
                <tr key={d.id} className="align-top max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:gap-y-3 max-sm:p-4">
                  <th scope="row" className="px-4 py-3 font-semibold text-ink max-sm:col-span-2 max-sm:p-0">
                    {d.webinar_title ?? "Unknown Webinar"}
                  </th>
                  <td data-label="Drawn" className={responsiveCell}>
                    {formatEventDate(d.drawn_at, timeZone)}
                  </td>
                  <td data-label="How" className={responsiveCell}>
                    {HOW[d.trigger]}
                  </td>
                  <td data-label="Entries" className={responsiveCell}>
                    {entryCounts(d)}
                  </td>
                  <td data-label="Winner" className={responsiveCell}>
                    {winnerOf(d)}
                  </td>
                  <td data-label="Proof" className={`${responsiveCell} max-sm:col-span-2`}>
                    {d.entries_sha256 ? (
                      <div className="grid gap-1 text-xs">
                        <span className="break-all">
                          SHA-256: <code>{d.entries_sha256}</code>
                        </span>
                        {d.random_value && (
                          <span className="break-all text-muted-foreground">
                            Older kind, random value: <code>{d.random_value}</code>
                          </span>
                        )}
                        {d.proof_kind === "commit_reveal" && (
                          <Link to={`/giveaway/draws/${d.id}`} className="inline-flex min-h-6 w-fit items-center font-medium text-accent-700 underline">
                            Public check page
                          </Link>
                        )}
                        {d.reason && <span className="text-muted-foreground">Reason: {d.reason}</span>}
                        <a
                          href={entryListUrl(d.id)}
                          download
                          className="inline-flex min-h-6 w-fit items-center gap-1 font-medium text-accent-700 underline"
                        >
                          <Download className="size-3.5" aria-hidden="true" />
                          Entrant list
                          <span className="sr-only"> for the draw of {formatEventDate(d.drawn_at, timeZone)}</span>
                        </a>
                      </div>
                    ) : (
                      <span className="text-xs text-muted-foreground">Made before proofs were kept</span>
                    )}
                  </td>
                </tr>
        )}
      />
    </section>
  );
}
