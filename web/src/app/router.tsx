import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { loadAdminDashboardPage } from "@/features/admin";
import {
  loadAdminUsersPage,
  loadAuthPage,
  loadConfirmEmailPage,
  loadForgotPasswordPage,
  loadResetPasswordPage,
  LoginRedirect,
  RequireAdmin,
  RequireAuth,
} from "@/features/auth";
import { loadAdminCouponsPage, loadCouponPurchaseCard, loadWebinarCouponPage } from "@/features/coupons";
import { loadDashboardPage } from "@/features/dashboard";
import { NotFoundPage, RootErrorPage, RouteErrorPage } from "@/features/errors";
import { loadAdminGiveawayWinnersPage } from "@/features/giveaway";
import { loadMigrationToolPage } from "@/features/migration";
import { loadWebinarWatchPage, type WatchPurchaseProps } from "@/features/registration";
import { loadAdminSettingsPage } from "@/features/settings";
import { loadAboutPage, loadContactPage, loadHowItWorksPage, loadPrivacyPage, loadTermsPage } from "@/features/static";
import {
  HomePage,
  loadAdminWebinarsManagementPage,
  loadAdminWebinarsPage,
  loadWebinarDetailPage,
  loadWebinarsPage,
} from "@/features/webinars";
import { Layout } from "./layout/layout";
import { RouteProviders } from "./providers";

/**
 * Loads a page's code on first visit. Each feature exports a `loadXPage` from
 * its index.ts that dynamically imports the page, so the page gets its own
 * chunk while the router imports features only through their public surface.
 * Only the home page is in the entry chunk: a first visit to / downloads no
 * other page, and never admin, payment or print code (web/scripts/check-bundle.mjs
 * holds the budget).
 */
function lazyPage(load: () => Promise<ComponentType>): RouteObject["lazy"] {
  return async () => ({ Component: await load() });
}

/**
 * The watch page with the coupons feature's purchase card in its purchase
 * section (app/ composes the two features); both load with the route.
 */
async function loadWatchPageWithPurchase(): Promise<ComponentType> {
  const [WebinarWatchPage, CouponPurchaseCard] = await Promise.all([loadWebinarWatchPage(), loadCouponPurchaseCard()]);
  function renderPurchase({ webinar, registration }: WatchPurchaseProps) {
    return <CouponPurchaseCard webinar={webinar} purchased={registration?.purchased_coupon ?? false} />;
  }
  return function WatchPageWithPurchase() {
    return <WebinarWatchPage renderPurchase={renderPurchase} />;
  };
}

/**
 * The route table of SPEC.md §2. app/ composes the features: each page lives
 * in the feature that owns its domain (admin screens included) and is reached
 * through that feature's index.ts.
 */
export const pageRoutes: RouteObject[] = [
  // public
  { index: true, element: <HomePage /> },
  { path: "auth", lazy: lazyPage(loadAuthPage) },
  // The pages the account e-mails link to (issue 10).
  { path: "auth/forgot-password", lazy: lazyPage(loadForgotPasswordPage) },
  { path: "auth/reset-password", lazy: lazyPage(loadResetPasswordPage) },
  { path: "auth/confirm-email", lazy: lazyPage(loadConfirmEmailPage) },
  { path: "login", element: <LoginRedirect /> },
  { path: "webinars", lazy: lazyPage(loadWebinarsPage) },
  { path: "webinar/:webinarId", lazy: lazyPage(loadWebinarDetailPage) },
  // Watch checks login itself (toast + redirect with ?webinarId, SPEC.md §4).
  { path: "webinar/:webinarId/watch", lazy: lazyPage(loadWatchPageWithPurchase) },
  // Public route; the purchase inside asks for login.
  { path: "webinar/:webinarId/coupon", lazy: lazyPage(loadWebinarCouponPage) },
  { path: "about", lazy: lazyPage(loadAboutPage) },
  { path: "contact", lazy: lazyPage(loadContactPage) },
  { path: "privacy", lazy: lazyPage(loadPrivacyPage) },
  { path: "terms", lazy: lazyPage(loadTermsPage) },
  { path: "how-it-works", lazy: lazyPage(loadHowItWorksPage) },

  // signed-in
  {
    element: <RequireAuth />,
    children: [
      { path: "dashboard", lazy: lazyPage(loadDashboardPage) },
      { path: "migration-tool", lazy: lazyPage(loadMigrationToolPage) },
    ],
  },

  // admin
  {
    path: "admin",
    element: <RequireAdmin />,
    children: [
      { index: true, lazy: lazyPage(loadAdminDashboardPage) },
      { path: "webinars", lazy: lazyPage(loadAdminWebinarsPage) },
      { path: "webinars/management", lazy: lazyPage(loadAdminWebinarsManagementPage) },
      { path: "coupons", lazy: lazyPage(loadAdminCouponsPage) },
      { path: "users", lazy: lazyPage(loadAdminUsersPage) },
      { path: "settings", lazy: lazyPage(loadAdminSettingsPage) },
      { path: "giveaway-winners", lazy: lazyPage(loadAdminGiveawayWinnersPage) },
    ],
  },

  { path: "*", element: <NotFoundPage /> },
];

const routes: RouteObject[] = [
  {
    element: <RouteProviders />,
    errorElement: <RootErrorPage />,
    // Shown only while a lazy page needed by the first URL loads.
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        element: <Layout />,
        children: [
          // Page errors render inside the layout, header and footer stay.
          { errorElement: <RouteErrorPage />, children: pageRoutes },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
