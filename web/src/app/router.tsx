import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { loadAdminDashboardPage } from "@/features/admin";
import {
  AuthPage,
  ConfirmEmailPage,
  ForgotPasswordPage,
  loadAdminUsersPage,
  LoginRedirect,
  RequireAdmin,
  RequireAuth,
  ResetPasswordPage,
} from "@/features/auth";
import { CouponPurchaseCard, loadAdminCouponsPage, WebinarCouponPage } from "@/features/coupons";
import { loadDashboardPage } from "@/features/dashboard";
import { NotFoundPage, RootErrorPage, RouteErrorPage } from "@/features/errors";
import { loadAdminGiveawayWinnersPage } from "@/features/giveaway";
import { loadMigrationToolPage } from "@/features/migration";
import { WebinarWatchPage, type WatchPurchaseProps } from "@/features/registration";
import { loadAdminSettingsPage } from "@/features/settings";
import { AboutPage, ContactPage, HowItWorksPage, PrivacyPage, TermsPage } from "@/features/static";
import {
  HomePage,
  loadAdminWebinarsManagementPage,
  loadAdminWebinarsPage,
  WebinarDetailPage,
  WebinarsPage,
} from "@/features/webinars";
import { Layout } from "./layout/layout";
import { RouteProviders } from "./providers";

/**
 * Loads a page's code on first visit (signed-in and admin areas). Each feature
 * exports a `loadXPage` from its index.ts that dynamically imports the page, so
 * the page gets its own chunk while the router imports features only through
 * their public surface.
 */
function lazyPage(load: () => Promise<ComponentType>): RouteObject["lazy"] {
  return async () => ({ Component: await load() });
}

/** The watch page's purchase section: the coupons feature's card (app/ composes the two features). */
function renderCouponPurchase({ webinar, registration }: WatchPurchaseProps) {
  return <CouponPurchaseCard webinar={webinar} purchased={registration?.purchased_coupon ?? false} />;
}

/**
 * The route table of SPEC.md §2. app/ composes the features: each page lives
 * in the feature that owns its domain (admin screens included) and is reached
 * through that feature's index.ts.
 */
export const pageRoutes: RouteObject[] = [
  // public
  { index: true, element: <HomePage /> },
  { path: "auth", element: <AuthPage /> },
  // The pages the account e-mails link to (issue 10).
  { path: "auth/forgot-password", element: <ForgotPasswordPage /> },
  { path: "auth/reset-password", element: <ResetPasswordPage /> },
  { path: "auth/confirm-email", element: <ConfirmEmailPage /> },
  { path: "login", element: <LoginRedirect /> },
  { path: "webinars", element: <WebinarsPage /> },
  { path: "webinar/:webinarId", element: <WebinarDetailPage /> },
  // Watch checks login itself (toast + redirect with ?webinarId, SPEC.md §4).
  { path: "webinar/:webinarId/watch", element: <WebinarWatchPage renderPurchase={renderCouponPurchase} /> },
  // Public route; the purchase inside asks for login.
  { path: "webinar/:webinarId/coupon", element: <WebinarCouponPage /> },
  { path: "about", element: <AboutPage /> },
  { path: "contact", element: <ContactPage /> },
  { path: "privacy", element: <PrivacyPage /> },
  { path: "terms", element: <TermsPage /> },
  { path: "how-it-works", element: <HowItWorksPage /> },

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
