import { ChartColumn, Gift, MailPlus, MessageCircleQuestion, ScanLine, ScrollText, Settings, Ticket, Users, Video, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { PageContainer, PageHeader } from "@/components/layout/page";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useAuth } from "@/lib/auth/use-auth";
import { useDocumentTitle } from "@/lib/use-document-title";
import { SiteImagesTab } from "./site-images-tab";
import { UserResetPanel } from "./user-reset-panel";

/** `reloadDocument`: /counter loads as a page of its own, under its own policy (docs/api.md). */
const sections: { to: string; title: string; text: string; icon: LucideIcon; reloadDocument?: boolean }[] = [
  { to: "/admin/webinars", title: "Webinar Management", text: "Create, edit and retire webinars.", icon: Video },
  { to: "/admin/settings", title: "Site Settings", text: "Store details, announcement banner, backgrounds.", icon: Settings },
  { to: "/admin/users", title: "User Management", text: "Edit accounts, roles and passwords.", icon: Users },
  { to: "/admin/coupons", title: "Coupons", text: "Find coupons, mark them redeemed.", icon: Ticket },
  { to: "/admin/giveaway-winners", title: "Giveaway Winners", text: "Notify winners, pick new ones.", icon: Gift },
  { to: "/admin/questions", title: "Questions", text: "Answer viewers' questions, publish the good ones.", icon: MessageCircleQuestion },
  { to: "/admin/follow-ups", title: "Follow-ups", text: "Mail viewers who left early or did not buy.", icon: MailPlus },
  // The owner's books.
  { to: "/admin/reports", title: "Reports", text: "Sales, refunds, store credit owed, CSV exports.", icon: ChartColumn },
  { to: "/admin/audit", title: "Audit Log", text: "Every change staff and admins made.", icon: ScrollText },
  { to: "/counter", title: "Counter", text: "Scan a coupon, check it, redeem it.", icon: ScanLine, reloadDocument: true },
];

function AccountTab() {
  const { user, profile } = useAuth();
  const name = [profile?.firstName, profile?.lastName].filter(Boolean).join(" ");
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-bold text-ink">Account</h2>
        <CardDescription>The account you are signed in with.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-[10rem_1fr]">
          {name && (
            <>
              <dt className="text-sm font-medium text-muted-foreground">Name</dt>
              <dd className="text-ink">{name}</dd>
            </>
          )}
          <dt className="text-sm font-medium text-muted-foreground">Email</dt>
          <dd className="break-all text-ink">{profile?.email ?? user?.email}</dd>
          <dt className="text-sm font-medium text-muted-foreground">Role</dt>
          <dd>
            <Badge>{profile?.role ?? "admin"}</Badge>
          </dd>
        </dl>
      </CardContent>
    </Card>
  );
}

/** "/admin" (admin only): links to every admin screen, the Account and Site Images tabs, the floating user selector. */
export function AdminDashboardPage() {
  useDocumentTitle("Admin Dashboard");
  return (
    <PageContainer className="pb-24">
      <PageHeader title="Admin Dashboard" description="Run the store: webinars, coupons, users, settings and images." />
      <nav aria-label="Admin sections" className="mb-10">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {sections.map(({ to, title, text, icon: Icon, reloadDocument }) => (
            <li key={to}>
              <Link
                to={to}
                reloadDocument={reloadDocument}
                className="group flex h-full flex-col gap-3 rounded-xl border bg-card p-5 shadow-sm transition-colors hover:border-accent-300 hover:bg-accent-50/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <span className="grid size-10 place-items-center rounded-lg bg-accent-50 text-accent-600 group-hover:bg-accent-500 group-hover:text-white">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span className="font-semibold text-ink">{title}</span>
                <span className="text-sm text-muted-foreground">{text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Tabs defaultValue="account">
        <TabsList className="sm:max-w-md">
          <TabsTrigger value="account">Account</TabsTrigger>
          <TabsTrigger value="images">Site Images</TabsTrigger>
        </TabsList>
        <TabsContent value="account">
          <AccountTab />
        </TabsContent>
        <TabsContent value="images">
          <Card>
            <CardHeader>
              <h2 className="text-xl font-bold text-ink">Site Images</h2>
              <CardDescription>Images stored for the site: the home page hero and page backgrounds.</CardDescription>
            </CardHeader>
            <CardContent>
              <SiteImagesTab />
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>
      <UserResetPanel />
    </PageContainer>
  );
}
