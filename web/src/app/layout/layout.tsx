import { Outlet, useLocation, useNavigation } from "react-router";
import type { CSSProperties } from "react";
import { AnnouncementBanner } from "@/features/announcement";
import { usePageBackground, type BackgroundPage } from "@/features/settings";
import { Footer } from "./footer";
import { Header } from "./header";

/** Thin accent bar while a route (e.g. a lazily loaded page) is loading. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div role="progressbar" aria-label="Loading page" className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-accent-100">
      <div className="h-full w-1/3 animate-pulse bg-accent-500" />
    </div>
  );
}

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

/** Header, the announcement banner (every public page, SPEC.md §2), the page (child route) and the footer. */
export function Layout() {
  const { pathname } = useLocation();
  const page = backgroundPages[pathname.replace(/\/+$/, "") || "/"];
  const background = usePageBackground(page ?? "home");
  return (
    <div className="flex min-h-dvh flex-col">
      <NavigationProgress />
      <Header />
      <main
        id="main-content"
        tabIndex={-1}
        className="flex flex-1 flex-col outline-none"
        data-background={page && background ? page : undefined}
        style={page ? backgroundStyle(background) : undefined}
      >
        {!isAdminPath(pathname) && <AnnouncementBanner />}
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
