import { Outlet, useNavigation } from "react-router";
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

/** Header, the page (child route) and the footer. */
export function Layout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <NavigationProgress />
      <Header />
      <main id="main-content" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
