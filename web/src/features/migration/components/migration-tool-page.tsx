import { Database, DatabaseZap, Info, LockKeyhole, RefreshCw, ShieldCheck, Table2, type LucideIcon } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { PageContainer, PageHeader } from "@/components/layout/page";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useAuth } from "@/lib/auth/use-auth";
import { useMyCoupons } from "@/lib/coupons/get-my-coupons";
import { formatMoney } from "@/lib/money";
import { errorMessage, isApiError } from "@/lib/api";
import { storeRedirectAfterAuth } from "@/lib/redirect";
import { notify } from "@/lib/toast";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useMigrationStatus, useRunMigration, type MigrationResult } from "../api/migration";
import { compareCoupons, readLocalCoupons, type ComparisonRow } from "../lib/local-coupons";
import { TableScroll } from "@/components/ui/table-scroll";

const ENGINE_NAMES: Record<string, string> = { sqlite: "SQLite", postgres: "PostgreSQL" };

/** docs/product.md#coupon-migration-tool-migration-tool: the tool for someone who is not logged in. */
function AuthenticationRequired() {
  const location = useLocation();
  return (
    <PageContainer className="flex items-center justify-center">
      <div role="alert" className="flex max-w-md flex-col items-center gap-3 rounded-xl border bg-card px-6 py-10 text-center shadow-sm">
        <LockKeyhole className="size-10 text-zinc-400" aria-hidden="true" />
        <h1 className="text-2xl font-extrabold text-ink">Authentication Required</h1>
        <p className="text-muted-foreground">Please log in to access the migration tool.</p>
        <Button asChild className="mt-2">
          <Link to="/auth" onClick={() => storeRedirectAfterAuth(`${location.pathname}${location.search}`)}>
            Log In
          </Link>
        </Button>
      </div>
    </PageContainer>
  );
}

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="grid gap-0.5 rounded-lg bg-muted/60 p-3">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-lg font-bold text-ink">{value}</dd>
    </div>
  );
}

/** The database-status card (GET /api/migration/status). */
function DatabaseStatusCard() {
  const status = useMigrationStatus();
  return (
    <Card role="region" aria-label="Database Status">
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <h2 className="flex items-center gap-2 text-lg font-bold text-ink">
            <Database className="size-5 text-accent-500" aria-hidden="true" /> Database Status
          </h2>
          <CardDescription>What the server holds for your account.</CardDescription>
        </div>
        <Button type="button" variant="outline" size="sm" onClick={() => void status.refetch()} disabled={status.isFetching}>
          <RefreshCw className={status.isFetching ? "animate-spin" : undefined} aria-hidden="true" />
          Refresh
        </Button>
      </CardHeader>
      <CardContent>
        {status.isPending ? (
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-busy="true" aria-label="Loading database status">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-16" />
            ))}
          </div>
        ) : status.isError ? (
          <Alert variant="destructive">
            <AlertTitle>Database status unavailable</AlertTitle>
            <AlertDescription>{errorMessage(status.error)}</AlertDescription>
          </Alert>
        ) : (
          <>
            <p className="mb-3 flex items-center gap-2 text-sm font-medium text-green-800">
              <span className="size-2 rounded-full bg-green-600" aria-hidden="true" /> Connected
            </p>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              <Stat label="Database" value={ENGINE_NAMES[status.data.engine] ?? status.data.engine} />
              <Stat label="Schema version" value={status.data.migration_version} />
              <Stat label="Your coupons" value={status.data.coupons} />
              <Stat label="Your registrations" value={status.data.registrations} />
            </dl>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function WhereBadge({ row, linked }: { row: ComparisonRow; linked: boolean }) {
  if (linked) return <Badge variant="success">Linked</Badge>;
  if (row.where === "both") return <Badge variant="success">In both</Badge>;
  if (row.where === "local") return <Badge variant="warning">Only in this browser</Badge>;
  return <Badge variant="info">Only on the server</Badge>;
}

/** Local-storage coupons beside the server's, and 'Run Migration'. */
function CouponComparison() {
  const [local] = useState(() => readLocalCoupons());
  const server = useMyCoupons();
  const run = useRunMigration();
  const [result, setResult] = useState<MigrationResult | null>(null);
  const linked = new Set(result?.linked_codes.map((c) => c.toUpperCase()));
  const rows = compareCoupons(local, server.data ?? []);

  const onRun = async () => {
    try {
      const res = await run.mutateAsync(local.map((c) => c.raw));
      setResult(res);
      notify.success("Migration Complete", `Successfully migrated ${res.migrated} coupons.`);
    } catch (error) {
      setResult(null);
      notify.error("Migration Failed", errorMessage(error));
    }
  };

  return (
    <Card role="region" aria-label="Coupon Comparison">
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <h2 className="text-lg font-bold text-ink">Coupon Comparison</h2>
          <CardDescription>
            {local.length} coupon{local.length === 1 ? "" : "s"} saved in this browser ·{" "}
            {server.data ? `${server.data.length} in your account` : "loading your account…"}
          </CardDescription>
        </div>
        <Button type="button" onClick={onRun} disabled={local.length === 0 || run.isPending}>
          <DatabaseZap aria-hidden="true" />
          {run.isPending ? "Migrating..." : "Run Migration"}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        {result && (
          <Alert variant="success">
            <AlertTitle>Migration Complete</AlertTitle>
            <AlertDescription>
              <p>
                Successfully migrated {result.migrated} coupons.
                {result.unknown > 0 &&
                  ` ${result.unknown} saved code${result.unknown === 1 ? " does" : "s do"} not match a coupon issued to your account and ${result.unknown === 1 ? "was" : "were"} ignored.`}
              </p>
            </AlertDescription>
          </Alert>
        )}
        {server.isError && (
          <Alert variant="destructive">
            <AlertTitle>Failed to load coupons. Please try again later.</AlertTitle>
            <AlertDescription>{errorMessage(server.error)}</AlertDescription>
          </Alert>
        )}
        {rows.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            {server.isPending ? "Loading coupons…" : "No coupons in this browser or in your account."}
          </p>
        ) : (
          <TableScroll label="Coupons found" className="rounded-lg border">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <thead className="bg-muted/60 text-xs text-muted-foreground uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2.5 font-semibold">Coupon Code</th>
                  <th scope="col" className="px-3 py-2.5 font-semibold">In this browser</th>
                  <th scope="col" className="px-3 py-2.5 font-semibold">In your account</th>
                  <th scope="col" className="px-3 py-2.5 font-semibold">Status</th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {rows.map((row) => (
                  <tr key={row.code}>
                    <th scope="row" className="px-3 py-2.5 font-mono text-xs font-semibold break-all text-ink">
                      {row.code}
                    </th>
                    <td className="px-3 py-2.5">
                      {row.local ? (
                        <>
                          {row.local.value !== undefined ? formatMoney(row.local.value) : "Saved"}
                          {row.local.webinarTitle && <span className="block text-xs text-muted-foreground">{row.local.webinarTitle}</span>}
                        </>
                      ) : (
                        <span className="text-muted-foreground">—</span>
                      )}
                    </td>
                    <td className="px-3 py-2.5">
                      {row.server ? (
                        <>
                          {formatMoney(row.server.value)}
                          <span className="block text-xs text-muted-foreground">{row.server.webinarTitle}</span>
                        </>
                      ) : (
                        <span className="text-muted-foreground">—</span>
                      )}
                    </td>
                    <td className="px-3 py-2.5">
                      <WhereBadge row={row} linked={linked.has(row.code.toUpperCase())} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
        <p className="text-xs text-muted-foreground">
          Coupons are only ever issued by the server after a payment. Running the migration links the codes saved in
          this browser to the matching coupons in your account; a code the server never issued to you is ignored and
          never turned into credit.
        </p>
      </CardContent>
    </Card>
  );
}

function Notice({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <Alert variant="info">
      <Icon aria-hidden="true" />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>{children}</AlertDescription>
    </Alert>
  );
}

function ToolTabs() {
  const status = useMigrationStatus();
  const engine = status.data ? (ENGINE_NAMES[status.data.engine] ?? status.data.engine) : "the database";
  return (
    <Tabs defaultValue="check">
      <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <TabsList className="w-max min-w-full sm:max-w-xl">
          <TabsTrigger value="check" className="flex-none px-4 sm:flex-1">
            Check Tables
          </TabsTrigger>
          <TabsTrigger value="create" className="flex-none px-4 sm:flex-1">
            Create Tables
          </TabsTrigger>
          <TabsTrigger value="rls" className="flex-none px-4 sm:flex-1">
            RLS Settings
          </TabsTrigger>
        </TabsList>
      </div>
      <TabsContent value="check" className="grid gap-3">
        <Notice icon={Table2} title="Tables are in place">
          <p>
            The server creates and upgrades its tables itself, by numbered schema migrations applied every time it
            starts{status.data ? ` (${engine}, schema version ${status.data.migration_version})` : ""}. If this page
            loads, the coupons, registrations and profiles tables exist.
          </p>
        </Notice>
        {status.data && (
          <ul className="grid gap-2 text-sm sm:grid-cols-3">
            <li className="rounded-lg border p-3">
              <span className="font-mono font-semibold">coupons</span> — {status.data.coupons} of yours
            </li>
            <li className="rounded-lg border p-3">
              <span className="font-mono font-semibold">webinar_registrations</span> — {status.data.registrations} of yours
            </li>
            <li className="rounded-lg border p-3">
              <span className="font-mono font-semibold">profiles</span> — your account
            </li>
          </ul>
        )}
      </TabsContent>
      <TabsContent value="create">
        <Notice icon={Info} title="Cannot create table through client API">
          <p>
            Tables are not created from the browser. They are created by the server's migrations when it starts
            (run <code>watchwin migrate</code> to apply them without starting it), so there is nothing to create here.
          </p>
        </Notice>
      </TabsContent>
      <TabsContent value="rls">
        <Notice icon={ShieldCheck} title="Row-level security cannot be disabled through the client">
          <p>
            This store does not use database row-level security. Access rules are enforced by the server on every
            request: you can read and change only your own registrations and coupons, and only admins reach the admin
            area. No setting in the browser can turn that off.
          </p>
        </Notice>
      </TabsContent>
    </Tabs>
  );
}

/** "/migration-tool" (signed-in): Coupon Migration Tool (docs/product.md#coupon-migration-tool-migration-tool). */
export function MigrationToolPage() {
  useDocumentTitle("Coupon Migration Tool");
  const { user, loading } = useAuth();
  const status = useMigrationStatus();
  if (!loading && (!user || (isApiError(status.error) && status.error.status === 401))) return <AuthenticationRequired />;
  return (
    <PageContainer className="grid grid-cols-1 content-start gap-6">
      <PageHeader
        className="mb-2"
        title="Coupon Migration Tool"
        description="Move coupons saved in this browser by an older version of the site into your account."
      />
      <DatabaseStatusCard />
      <CouponComparison />
      <ToolTabs />
    </PageContainer>
  );
}
