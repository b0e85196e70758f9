import { useQueryClient } from "@tanstack/react-query";
import { RefreshCw, ShieldAlert, ShieldQuestion, X } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { AdminPageHeader } from "@/components/layout/admin-page-header";
import { PageContainer } from "@/components/layout/page";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PageSpinner } from "@/components/ui/spinner";
import { useAuth } from "@/lib/auth/use-auth";
import { errorMessage, isApiError } from "@/lib/api";
import { toastOnError } from "@/lib/query-meta";
import { notify } from "@/lib/toast";
import { useDocumentTitle } from "@/lib/use-document-title";
import type { AdminCoupon } from "../../api/admin-schemas";
import { adminCouponsQueryOptions, useAdminCoupons } from "../../api/get-admin-coupons";
import { AdminCouponsTable } from "./admin-coupons-table";
import { CouponQrDialog } from "./coupon-qr-dialog";
import { CouponSearchForm } from "./coupon-search-form";

/** A failed load of the coupons, except a 403 (the page then says access is denied). */
const failedToLoadCoupons = toastOnError((error) =>
  isApiError(error) && error.status === 403 ? null : [`Failed to load coupon data: ${errorMessage(error, "Unknown Error")}`],
);

const ACCESS_DENIED = "You don't have permission to access this page. Please log in as an administrator.";

/**
 * "/admin/coupons" (admin only): find a coupon by code, e-mail or webinar
 * title and mark it redeemed at the counter, or cancel a redemption. The
 * search lives in the URL (`?search=`, and `?status=disputed` for the
 * coupons whose payment is disputed), so a link opens the same list.
 */
export function AdminCouponsPage() {
  useDocumentTitle("Manage Coupons");
  const { isAdmin, loading } = useAuth();
  if (loading) return <PageSpinner label="Checking your session..." />;
  // docs/product.md#roles-and-permissions: the page checks the role itself, beside the route guard and the server.
  if (!isAdmin) return <AccessDenied />;
  return <AdminCoupons />;
}

function AccessDenied() {
  return (
    <PageContainer className="max-w-2xl">
      <Alert variant="destructive">
        <ShieldAlert aria-hidden="true" />
        <AlertTitle>Access Denied</AlertTitle>
        <AlertDescription>
          <p>{ACCESS_DENIED}</p>
        </AlertDescription>
      </Alert>
      <Button asChild variant="outline" className="mt-6">
        <Link to="/auth">Log In</Link>
      </Button>
    </PageContainer>
  );
}

function AdminCoupons() {
  const [params, setParams] = useSearchParams();
  const search = (params.get("search") ?? "").trim();
  const status = params.get("status") === "disputed" ? "disputed" : "";
  const coupons = useAdminCoupons(search, { status, meta: failedToLoadCoupons });
  const queryClient = useQueryClient();
  const [qr, setQr] = useState<AdminCoupon | null>(null);
  const [loading, setLoading] = useState(false);

  const { error } = coupons;
  const forbidden = isApiError(error) && error.status === 403;

  /**
   * A search or refresh the admin asked for: load it and say 'Coupons
   * Loaded' (background refetches stay quiet). A failure is announced by
   * the query client, from the query's own error (failedToLoadCoupons).
   */
  const load = async (next: string, nextStatus = status) => {
    if (next !== search || nextStatus !== status) {
      setParams({ ...(next ? { search: next } : {}), ...(nextStatus ? { status: nextStatus } : {}) });
    }
    setLoading(true);
    try {
      const data = await queryClient.fetchInfiniteQuery({ ...adminCouponsQueryOptions(next, nextStatus), meta: failedToLoadCoupons });
      const count = data.pages.reduce((n, p) => n + p.coupons.length, 0);
      const more = data.pages.at(-1)?.has_more ?? false;
      notify.success("Coupons Loaded", describeCount(count, more, next));
    } catch {
      // The query client shows 'Failed to load coupon data: …' (failedToLoadCoupons).
    } finally {
      setLoading(false);
    }
  };

  if (forbidden) return <AccessDenied />;

  const busy = loading || coupons.isFetching;
  return (
    <PageContainer>
      <AdminPageHeader
        title="Manage Coupons"
        description="Find a customer's coupon by its code, their email or the webinar, then mark it redeemed at the counter."
        actions={
          <Button variant="outline" onClick={() => void load(search)} disabled={busy} aria-busy={busy}>
            <RefreshCw aria-hidden="true" className={busy ? "animate-spin" : undefined} />
            Refresh
          </Button>
        }
      />
      <CouponSearchForm initial={search} onSearch={(next) => void load(next)} busy={loading} />
      <div className="-mt-3 mb-4">
        <Button
          variant={status ? "default" : "outline"}
          size="sm"
          aria-pressed={status === "disputed"}
          onClick={() => void load(search, status ? "" : "disputed")}
        >
          <ShieldQuestion aria-hidden="true" />
          Disputed only
        </Button>
      </div>
      {search && (
        <div className="-mt-3 mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <p role="status">
            Showing coupons matching <span className="font-semibold text-ink">&ldquo;{search}&rdquo;</span>
          </p>
          <Button variant="link" size="sm" className="h-auto p-0" onClick={() => void load("")}>
            <X aria-hidden="true" />
            Clear search
          </Button>
        </div>
      )}
      <AdminCouponsTable
        coupons={coupons.data}
        isPending={coupons.isPending}
        isError={coupons.isError}
        search={search}
        stale={coupons.isPlaceholderData}
        onShowQr={setQr}
      />
      {coupons.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button
            variant="outline"
            onClick={() => void coupons.fetchNextPage()}
            disabled={coupons.isFetchingNextPage}
            aria-busy={coupons.isFetchingNextPage}
          >
            {coupons.isFetchingNextPage ? "Loading..." : "Load More"}
          </Button>
        </div>
      )}
      <CouponQrDialog coupon={qr} onClose={() => setQr(null)} />
    </PageContainer>
  );
}

function describeCount(count: number, more: boolean, search: string): string {
  const noun = count === 1 ? "coupon" : "coupons";
  const shown = more ? `Showing the newest ${count} ${noun}` : `${count} ${noun} found`;
  return search ? `${shown} for "${search}".` : `${shown}.`;
}
