import { lazy, type ComponentType, type ReactElement } from "react";
import { matchRoutes, useRoutes, type RouteObject } from "react-router";
import { loadAdminDashboardPage } from "@/features/admin";
import {
  loadAdminUsersPage,
  loadAuthPage,
  loadConfirmEmailPage,
  loadEnrolmentLinkPage,
  loadForgotPasswordPage,
  loadNotMinePage,
  loadResetPasswordPage,
  LoginRedirect,
  RequireAdmin,
} from "@/features/auth";
import { RequireAuth } from "@/lib/auth/require-auth";
import { loadAdminAuditPage, loadAdminReportsPage } from "@/features/books";
import { loadAdminCouponsPage } from "@/features/coupons";
import { loadCounterPage } from "@/features/counter";
import { loadDashboardPage } from "./dashboard";
import { NotFoundPage } from "@/features/errors";
import { loadAdminGiveawayWinnersPage, loadDrawProofPage, loadGiveawayRulesPage } from "@/features/giveaway";
import { loadMigrationToolPage } from "@/features/migration";
import { loadAdminFollowUpsPage } from "@/features/follow-ups";
import { loadAdminQuestionsPage, loadCounterQuestionsPage } from "@/features/questions";
import { loadUnsubscribePage } from "@/features/reminders";
import { loadConfirmPage } from "@/features/webinar-alerts";
import { loadAboutPage, loadContactPage, loadHowItWorksPage, loadPrivacyPage, loadTermsPage } from "@/features/static";
import { HomePage, loadAdminWebinarsManagementPage, loadWebinarsPage } from "@/features/webinars";
import {
  loadAdminSettingsPageWithGiveaway,
  loadAdminWebinarsPageWithParts,
  loadWatchPageWithPurchase,
  loadWebinarCouponPageWithWaitlist,
  loadWebinarDetailPageWithGiveaway,
} from "./composed-pages";
import { Layout } from "./layout/layout";
import { RouteProviders } from "./providers";

/**
 * A page whose code loads on first visit. Each feature exports a `loadXPage`
 * from its index.ts that dynamically imports the page, so the page gets its
 * own chunk while the router imports features only through their public
 * surface. Only the home page is in the entry chunk: a first visit to /
 * downloads no other page, and never admin, payment or print code
 * (web/scripts/check-bundle.mjs holds the budget). The layout's Suspense
 * shows a loading state while a first URL's page loads; on navigation the
 * router keeps the old page on screen until the new one is ready.
 */
function lazyPage(load: () => Promise<ComponentType>): ReactElement {
  let loaded: ComponentType | undefined;
  const preload = async () => {
    loaded ??= await load();
  };
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  // Once preloaded (preloadPage), the page renders at once: no Suspense
  // fallback replaces the server's first paint with a spinner.
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  pagePreloads.set(Page, preload);
  return <Page />;
}

/** The preload of each lazily loaded page, by its route element's type. */
const pagePreloads = new Map<unknown, () => Promise<void>>();

/**
 * The route table of docs/product.md#route-table. app/ composes the features: each page lives
 * in the feature that owns its domain (admin screens included) and is reached
 * through that feature's index.ts.
 */
export const pageRoutes: RouteObject[] = [
  // public
  { index: true, element: <HomePage /> },
  { path: "auth", element: lazyPage(loadAuthPage) },
  // The pages the account e-mails link to (issue 10).
  { path: "auth/forgot-password", element: lazyPage(loadForgotPasswordPage) },
  { path: "auth/reset-password", element: lazyPage(loadResetPasswordPage) },
  { path: "auth/confirm-email", element: lazyPage(loadConfirmEmailPage) },
  // The "this wasn't me" link of the notice that two-factor authentication is on.
  { path: "auth/second-factor-not-mine", element: lazyPage(loadNotMinePage) },
  { path: "login", element: <LoginRedirect /> },
  { path: "webinars", element: lazyPage(loadWebinarsPage) },
  { path: "webinar/:webinarId", element: lazyPage(loadWebinarDetailPageWithGiveaway) },
  // Watch checks login itself (toast + redirect with ?webinarId, docs/product.md#states-and-transitions).
  { path: "webinar/:webinarId/watch", element: lazyPage(loadWatchPageWithPurchase) },
  // Public route; the purchase inside asks for login.
  { path: "webinar/:webinarId/coupon", element: lazyPage(loadWebinarCouponPageWithWaitlist) },
  { path: "about", element: lazyPage(loadAboutPage) },
  { path: "contact", element: lazyPage(loadContactPage) },
  { path: "privacy", element: lazyPage(loadPrivacyPage) },
  { path: "terms", element: lazyPage(loadTermsPage) },
  { path: "how-it-works", element: lazyPage(loadHowItWorksPage) },
  { path: "giveaway-rules", element: lazyPage(loadGiveawayRulesPage) },
  { path: "giveaway/draws/:drawId", element: lazyPage(loadDrawProofPage) },
  // The link in every reminder e-mail: unsubscribes without a login (issue 26).
  { path: "unsubscribe", element: lazyPage(loadUnsubscribePage) },
  // The double opt-in link of the new-webinar alerts (issue 37).
  { path: "webinar-alerts/confirm", element: lazyPage(loadConfirmPage) },

  // signed-in
  {
    element: <RequireAuth />,
    children: [
      { path: "dashboard", element: lazyPage(loadDashboardPage) },
      { path: "migration-tool", element: lazyPage(loadMigrationToolPage) },
      // The mailed enrolment link: an enrolling session sees the enrolment there (EnrolmentGate).
      { path: "auth/enrol-second-factor", element: lazyPage(loadEnrolmentLinkPage) },
    ],
  },

  // staff or admin; the page decides what anyone else sees (a coupon's QR
  // opened by a customer's phone says only "ask the store staff").
  { path: "counter", element: lazyPage(loadCounterPage) },
  // The questions viewers asked from the player (staff and admins; the page decides).
  { path: "counter/questions", element: lazyPage(loadCounterQuestionsPage) },

  // admin
  {
    path: "admin",
    element: <RequireAdmin />,
    children: [
      { index: true, element: lazyPage(loadAdminDashboardPage) },
      { path: "webinars", element: lazyPage(loadAdminWebinarsPageWithParts) },
      { path: "webinars/management", element: lazyPage(loadAdminWebinarsManagementPage) },
      { path: "coupons", element: lazyPage(loadAdminCouponsPage) },
      { path: "users", element: lazyPage(loadAdminUsersPage) },
      { path: "settings", element: lazyPage(loadAdminSettingsPageWithGiveaway) },
      { path: "giveaway-winners", element: lazyPage(loadAdminGiveawayWinnersPage) },
      // The owner's books: reports with their CSV exports, the audit log.
      { path: "reports", element: lazyPage(loadAdminReportsPage) },
      { path: "audit", element: lazyPage(loadAdminAuditPage) },
      { path: "questions", element: lazyPage(loadAdminQuestionsPage) },
      { path: "follow-ups", element: lazyPage(loadAdminFollowUpsPage) },
    ],
  },

  { path: "*", element: <NotFoundPage /> },
];

const routes: RouteObject[] = [
  {
    element: <RouteProviders />,
    // The layout holds the page's error boundary and Suspense.
    children: [{ element: <Layout />, children: pageRoutes }],
  },
];

/**
 * The app's routes, under the BrowserRouter of app/start.tsx. Declarative routing
 * (no data router: no loaders are used) keeps react-router's share of the
 * first visit small.
 */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Loads the code of the page at `pathname` (start.tsx awaits it before the
 * first render, while the server's HTML is on screen). Guarded routes load
 * their page too; the guard still decides what shows.
 */
export async function preloadPage(pathname: string): Promise<void> {
  const matches = matchRoutes(pageRoutes, pathname) ?? [];
  await Promise.all(
    matches.map((m) => {
      const element = m.route.element as ReactElement | undefined;
      return pagePreloads.get(element?.type)?.();
    }),
  );
}
