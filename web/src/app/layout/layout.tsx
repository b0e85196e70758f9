import { Outlet, useLocation, useNavigation } from "react-router";
import { AnnouncementBanner } from "@/features/announcement";
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

/** Header, the announcement banner (every public page, SPEC.md §2), the page (child route) and the footer. */
export function Layout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <NavigationProgress />
      <Header />
      <main id="main-content" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {!isAdminPath(pathname) && <AnnouncementBanner />}
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
