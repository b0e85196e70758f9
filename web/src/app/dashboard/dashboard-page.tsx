import { useQueryClient } from "@tanstack/react-query";
import { LockKeyhole, MonitorPlay, Settings, ShieldCheck, Ticket } from "lucide-react";
import { useEffect } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { PageContainer, PageHeader } from "@/components/layout/page";
import { Button } from "@/components/ui/button";
import { PageSpinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { SecurityPanel } from "@/features/auth";
import { authKeys } from "@/lib/auth/keys";
import { useAuth } from "@/lib/auth/use-auth";
import { useMyCoupons } from "@/lib/coupons/get-my-coupons";
import { useMyRegistrations } from "@/features/registration";
import { ReminderSwitches } from "@/features/reminders";
import { isApiError } from "@/lib/api";
import { storeRedirectAfterAuth } from "@/lib/redirect";
import { useDocumentTitle } from "@/lib/use-document-title";
import { MyCoupons } from "./my-coupons";
import { MyWebinars } from "./my-webinars";

const TABS = ["coupons", "webinars", "settings", "security"] as const;
type Tab = (typeof TABS)[number];

const trigger = "px-2 max-sm:[&_svg]:hidden sm:px-3";

function isTab(value: string | null): value is Tab {
  return TABS.includes(value as Tab);
}

/**
 * "/dashboard": My Dashboard (docs/product.md#my-dashboard-dashboard), tabs 'My Coupons' and 'My
 * Webinars', Settings with the "Reminder e-mails" switches (?tab=settings,
 * where a reminder's unsubscribe page links) and Security (?tab=security: the
 * second factor and the session list, where the account e-mails link). The route sits behind RequireAuth, which sends a visitor to
 * /auth; this page still says 'Authentication Required' when it finds no
 * user, or when the server no longer knows the session (401).
 */
export function DashboardPage() {
  useDocumentTitle("My Dashboard");
  const { user, loading } = useAuth();
  const signedIn = Boolean(user);
  const coupons = useMyCoupons({ enabled: signedIn });
  const registrations = useMyRegistrations({ enabled: signedIn });
  const [params, setParams] = useSearchParams();
  const tabParam = params.get("tab");
  const tab: Tab = isTab(tabParam) ? tabParam : "coupons";
  const queryClient = useQueryClient();
  const sessionGone = [coupons.error, registrations.error].some((e) => isApiError(e) && e.status === 401);

  // The server dropped the session (expired, logged out elsewhere): recheck it,
  // so the whole app, RequireAuth included, sees the visitor as logged out.
  useEffect(() => {
    if (sessionGone) void queryClient.invalidateQueries({ queryKey: authKeys.session() });
  }, [sessionGone, queryClient]);

  if (loading) return <PageSpinner label="Checking your session..." />;
  if (!user || sessionGone) return <AuthenticationRequired />;

  const selectTab = (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === "coupons") next.delete("tab");
        else next.set("tab", value);
        return next;
      },
      { replace: true },
    );

  return (
    <PageContainer>
      <PageHeader
        title="My Dashboard"
        description="Your store-credit coupons and the webinars you registered for."
      />
      <Tabs value={tab} onValueChange={selectTab} className="gap-6">
        {/* Four tabs fit a 375 px phone once their icons give way. */}
        <TabsList className="sm:max-w-2xl">
          <TabsTrigger value="coupons" className={trigger}>
            <Ticket aria-hidden="true" />
            My Coupons
          </TabsTrigger>
          <TabsTrigger value="webinars" className={trigger}>
            <MonitorPlay aria-hidden="true" />
            My Webinars
          </TabsTrigger>
          <TabsTrigger value="settings" className={trigger}>
            <Settings aria-hidden="true" />
            Settings
          </TabsTrigger>
          <TabsTrigger value="security" className={trigger}>
            <ShieldCheck aria-hidden="true" />
            Security
          </TabsTrigger>
        </TabsList>
        <TabsContent value="coupons">
          <MyCoupons
            coupons={coupons.data}
            isPending={coupons.isPending}
            isError={coupons.isError}
            isFetching={coupons.isFetching}
            refetch={() => void coupons.refetch()}
          />
        </TabsContent>
        <TabsContent value="webinars">
          <MyWebinars
            registrations={registrations.data}
            isPending={registrations.isPending}
            isError={registrations.isError}
            isFetching={registrations.isFetching}
            refetch={() => void registrations.refetch()}
          />
        </TabsContent>
        <TabsContent value="settings">
          <ReminderSwitches />
        </TabsContent>
        <TabsContent value="security">
          <SecurityPanel />
        </TabsContent>
      </Tabs>
    </PageContainer>
  );
}

/** docs/product.md#my-dashboard-dashboard: the dashboard for someone who is not logged in. */
function AuthenticationRequired() {
  const location = useLocation();
  return (
    <PageContainer className="flex items-center justify-center">
      <div className="flex max-w-md flex-col items-center gap-3 rounded-xl border bg-card px-6 py-10 text-center shadow-sm">
        <LockKeyhole className="size-10 text-zinc-400" aria-hidden="true" />
        <h1 className="text-2xl font-extrabold text-ink">Authentication Required</h1>
        <p className="text-muted-foreground">Please log in to see your coupons and webinars.</p>
        <Button asChild className="mt-2">
          <Link to="/auth" onClick={() => storeRedirectAfterAuth(`${location.pathname}${location.search}`)}>
            Log In
          </Link>
        </Button>
      </div>
    </PageContainer>
  );
}
