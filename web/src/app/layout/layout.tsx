import { Suspense, type CSSProperties } from "react";
import { Outlet, useLocation } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { AnnouncementBanner } from "@/features/announcement";
import { EnrolmentGate } from "@/features/auth";
import { PageErrorBoundary } from "@/features/errors";
import { usePageBackground, type BackgroundPage } from "@/features/settings";
import { Footer } from "./footer";
import { Header } from "./header";

/** The admin area edits the banner (with a live preview) rather than showing it. */
function isAdminPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

/** The pages an admin can give a background image (Site Settings → Background Images). */
const backgroundPages: Record<string, BackgroundPage> = {
  "/": "home",
  "/webinars": "webinars",
  "/dashboard": "user_dashboard",
  "/admin": "admin_dashboard",
};

/** The chosen image behind the page, under a light veil so text stays readable. */
function backgroundStyle(url: string | null): CSSProperties | undefined {
  if (!url) return undefined;
  return {
    backgroundImage: `linear-gradient(rgba(250,250,250,0.9), rgba(250,250,250,0.9)), url("${encodeURI(url)}")`,
    backgroundSize: "cover",
    backgroundPosition: "center",
    backgroundAttachment: "fixed",
  };
}

/** Header, the announcement banner (every public page, docs/product.md#announcement-banner), the page (child route) and the footer. */
export function Layout() {
  const { pathname } = useLocation();
  const page = backgroundPages[pathname.replace(/\/+$/, "") || "/"];
  const background = usePageBackground(page ?? "home");
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      <main
        id="main-content"
        tabIndex={-1}
        // At least a screen tall, so the footer starts below the first screen and
        // never jumps down when a page's content arrives (no layout shift).
        className="flex min-h-dvh flex-1 flex-col outline-none"
        data-background={page && background ? page : undefined}
        style={page ? backgroundStyle(background) : undefined}
      >
        {!isAdminPath(pathname) && <AnnouncementBanner />}
        {/* A page that throws shows the error screen here; the header and footer stay. */}
        <PageErrorBoundary resetKey={pathname}>
          {/* While a page's code loads (first URL of a visit). */}
          <Suspense fallback={<PageSpinner />}>
            <EnrolmentGate>
              <Outlet />
            </EnrolmentGate>
          </Suspense>
        </PageErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
