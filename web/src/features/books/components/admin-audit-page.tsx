import { Download } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { AdminPageHeader } from "@/components/layout/admin-page-header";
import { PageContainer } from "@/components/layout/page";
import { Badge } from "@/components/ui/badge";
import { responsiveCell, TableMessageRow } from "@/components/ui/admin-table";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { formatEventDate } from "@/lib/format";
import { useStoreTimeZone } from "@/lib/use-store-time-zone";
import { errorMessage } from "@/lib/api";
import { useDocumentTitle } from "@/lib/use-document-title";
import { cn } from "@/lib/utils";
import { useAuditLog } from "../api/get-audit";
import type { AuditEntry } from "../api/schemas";
import { TableScroll } from "@/components/ui/table-scroll";

/** The filters of the audit log, as the API and the URL name them. */
const FILTERS = ["actor", "action", "target_type", "target_id", "from", "to"] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

function filtersOf(params: URLSearchParams): Filters {
  return Object.fromEntries(FILTERS.map((k) => [k, params.get(k) ?? ""])) as Filters;
}

function queryOf(f: Filters): string {
  const q = new URLSearchParams();
  for (const k of FILTERS) if (f[k].trim()) q.set(k, f[k].trim());
  return q.toString();
}

const COLUMNS = ["Time", "Actor", "Action", "Target", "Summary", "From"] as const;

/**
 * "/admin/audit" (admin only): every change a staff member or an admin
 * made, newest first (docs/api.md#audit-log), filtered by actor, action,
 * target and period, paged, and downloadable as CSV. Read-only: nothing on
 * this screen changes an entry.
 */
export function AdminAuditPage() {
  useDocumentTitle("Audit Log");
  const [params, setParams] = useSearchParams();
  const applied = filtersOf(params);
  const query = queryOf(applied);
  const log = useAuditLog(query);
  const first = log.data?.pages[0];
  const entries = log.data?.pages.flatMap((p) => p.entries);

  return (
    <PageContainer>
      <AdminPageHeader
        title="Audit Log"
        description={`Every change made by staff and admins: who, what, when and from which network. Entries are kept ${
          first ? `${first.retention_days} days` : "two years"
        } and can't be edited or deleted.`}
        actions={
          <Button asChild variant="outline">
            <a href={`/api/admin/audit/export.csv${query ? `?${query}` : ""}`} download>
              <Download aria-hidden="true" />
              Download CSV
            </a>
          </Button>
        }
      />
      <AuditFilters
        key={query}
        initial={applied}
        actions={first?.actions ?? []}
        targets={first?.target_types ?? []}
        onApply={(f) => setParams(new URLSearchParams(queryOf(f)))}
      />
      <AuditTable entries={entries} isPending={log.isPending} error={log.isError && !log.data ? log.error : null} stale={log.isPlaceholderData} />
      {log.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button
            variant="outline"
            onClick={() => void log.fetchNextPage()}
            disabled={log.isFetchingNextPage}
            aria-busy={log.isFetchingNextPage}
          >
            {log.isFetchingNextPage ? "Loading..." : "Load More"}
          </Button>
        </div>
      )}
    </PageContainer>
  );
}

type AuditFiltersProps = {
  initial: Filters;
  actions: string[];
  targets: string[];
  onApply: (f: Filters) => void;
};

function AuditFilters({ initial, actions, targets, onApply }: AuditFiltersProps) {
  const [f, setF] = useState(initial);
  const set = (k: keyof Filters) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(f);
  };
  const empty = Object.fromEntries(FILTERS.map((k) => [k, ""])) as Filters;
  return (
    <form onSubmit={submit} aria-label="Filter the audit log" className="mb-6 grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-3">
      <div className="grid gap-2">
        <Label htmlFor="audit-actor">Actor (e-mail, or "system")</Label>
        <Input id="audit-actor" value={f.actor} onChange={set("actor")} placeholder="clerk@example.com" />
      </div>
      <Choice id="audit-action" label="Action" all="All actions" value={f.action} options={actions} onChange={set("action")} />
      <Choice id="audit-target-type" label="Target" all="All targets" value={f.target_type} options={targets} onChange={set("target_type")} />
      <div className="grid gap-2">
        <Label htmlFor="audit-target-id">Target id</Label>
        <Input id="audit-target-id" value={f.target_id} onChange={set("target_id")} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="audit-from">From</Label>
        <Input id="audit-from" type="date" value={f.from} onChange={set("from")} required={Boolean(f.to)} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="audit-to">To</Label>
        <Input id="audit-to" type="date" value={f.to} min={f.from || undefined} onChange={set("to")} required={Boolean(f.from)} />
      </div>
      <div className="flex gap-2 sm:col-span-2 lg:col-span-3">
        <Button type="submit">Apply filters</Button>
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            setF(empty);
            onApply(empty);
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}

type ChoiceProps = {
  id: string;
  label: string;
  /** The first option's label, which filters nothing. */
  all: string;
  value: string;
  options: string[];
  onChange: (e: { target: { value: string } }) => void;
};

/** A labelled select of one filter's values. */
function Choice({ id, label, all, value, options, onChange }: ChoiceProps) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} onChange={onChange}>
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

type AuditTableProps = {
  entries: AuditEntry[] | undefined;
  isPending: boolean;
  error: unknown;
  stale: boolean;
};

function AuditTable({ entries, isPending, error, stale }: AuditTableProps) {
  const zone = useStoreTimeZone();
  return (
    <TableScroll label="Audit log" className="rounded-xl border bg-card shadow-sm">
      <table aria-busy={stale || undefined} className={cn("w-full border-collapse text-left text-sm max-sm:block sm:min-w-[960px]", stale && "opacity-60")}>
        <caption className="sr-only">Audit log</caption>
        <thead className="bg-zinc-50 text-xs tracking-wide text-muted-foreground uppercase max-sm:sr-only">
          <tr>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className="px-4 py-3 font-semibold">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y max-sm:block">
          {isPending ? (
            <TableMessageRow colSpan={COLUMNS.length}>Loading the audit log...</TableMessageRow>
          ) : error ? (
            <TableMessageRow colSpan={COLUMNS.length} tone="error">
              Failed to load the audit log: {errorMessage(error)}
            </TableMessageRow>
          ) : !entries || entries.length === 0 ? (
            <TableMessageRow colSpan={COLUMNS.length}>No changes match these filters.</TableMessageRow>
          ) : (
            entries.map((e) => (
              <tr key={e.id} className="align-top max-sm:grid max-sm:gap-2 max-sm:p-4">
                <th scope="row" className="px-4 py-3 font-normal whitespace-nowrap text-zinc-700 max-sm:p-0">
                  {formatEventDate(e.at, zone)}
                </th>
                <td data-label="Actor" className={cn(responsiveCell, "break-all")}>
                  {e.actor_id ? (
                    <>
                      <span className="text-ink">{e.actor_email ?? "Deleted account"}</span>
                      {e.actor_role && <span className="ml-1 text-xs text-muted-foreground">({e.actor_role})</span>}
                    </>
                  ) : (
                    <span className="text-muted-foreground">
                      System{e.actor_role && ` (${e.actor_role})`}
                    </span>
                  )}
                </td>
                <td data-label="Action" className={responsiveCell}>
                  <Badge variant="outline">{e.action}</Badge>
                </td>
                <td data-label="Target" className={cn(responsiveCell, "text-xs break-all text-zinc-700")}>
                  {e.target_type}
                  <br />
                  <span className="font-mono">{e.target_id}</span>
                </td>
                <td data-label="Summary" className={cn(responsiveCell, "min-w-64 text-ink")}>
                  {e.summary}
                </td>
                <td data-label="From" className={cn(responsiveCell, "text-xs whitespace-nowrap text-zinc-700")}>
                  {e.client_network ?? "—"}
                  {e.request_id && <span className="block font-mono text-muted-foreground">req {e.request_id}</span>}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </TableScroll>
  );
}
