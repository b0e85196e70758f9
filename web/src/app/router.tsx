import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { Layout } from "@/components/layout/layout";
import { AuthPage, LoginRedirect, RequireAdmin, RequireAuth } from "@/features/auth";
import { NotFoundPage, RootErrorPage, RouteErrorPage } from "@/features/errors";
import { AboutPage, ContactPage, HowItWorksPage, PrivacyPage, TermsPage } from "@/features/static";
import { HomePage } from "@/features/webinars/components/home-page";
import { WebinarCouponPage } from "@/features/webinars/components/webinar-coupon-page";
import { WebinarDetailPage } from "@/features/webinars/components/webinar-detail-page";
import { WebinarWatchPage } from "@/features/webinars/components/webinar-watch-page";
import { WebinarsPage } from "@/features/webinars/components/webinars-page";
import { RouteProviders } from "./providers";

/** Loads a page's code on first visit (signed-in and admin areas). */
function lazyPage(load: () => Promise<ComponentType>): RouteObject["lazy"] {
  return async () => ({ Component: await load() });
}

/**
 * The route table of SPEC.md §2. Each page is its own component file, so a
 * feature replaces its placeholder by editing that file only.
 */
export const pageRoutes: RouteObject[] = [
  // public
  { index: true, element: <HomePage /> },
  { path: "auth", element: <AuthPage /> },
  { path: "login", element: <LoginRedirect /> },
  { path: "webinars", element: <WebinarsPage /> },
  { path: "webinar/:webinarId", element: <WebinarDetailPage /> },
  // Watch checks login itself (toast + redirect with ?webinarId, SPEC.md §4).
  { path: "webinar/:webinarId/watch", element: <WebinarWatchPage /> },
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
      {
        path: "dashboard",
        lazy: lazyPage(() => import("@/features/dashboard/components/dashboard-page").then((m) => m.DashboardPage)),
      },
      {
        path: "migration-tool",
        lazy: lazyPage(() =>
          import("@/features/migration/components/migration-tool-page").then((m) => m.MigrationToolPage),
        ),
      },
    ],
  },

  // admin
  {
    path: "admin",
    element: <RequireAdmin />,
    children: [
      {
        index: true,
        lazy: lazyPage(() => import("@/features/admin/components/admin-dashboard-page").then((m) => m.AdminDashboardPage)),
      },
      {
        path: "webinars",
        lazy: lazyPage(() => import("@/features/admin/components/admin-webinars-page").then((m) => m.AdminWebinarsPage)),
      },
      {
        path: "webinars/management",
        lazy: lazyPage(() => import("@/features/admin/components/admin-webinars-management-page").then((m) => m.AdminWebinarsManagementPage)),
      },
      {
        path: "coupons",
        lazy: lazyPage(() => import("@/features/admin/components/admin-coupons-page").then((m) => m.AdminCouponsPage)),
      },
      {
        path: "users",
        lazy: lazyPage(() => import("@/features/admin/components/admin-users-page").then((m) => m.AdminUsersPage)),
      },
      {
        path: "settings",
        lazy: lazyPage(() => import("@/features/admin/components/admin-settings-page").then((m) => m.AdminSettingsPage)),
      },
      {
        path: "giveaway-winners",
        lazy: lazyPage(() => import("@/features/admin/components/admin-giveaway-winners-page").then((m) => m.AdminGiveawayWinnersPage)),
      },
    ],
  },

  { path: "*", element: <NotFoundPage /> },
];

export const routes: RouteObject[] = [
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
