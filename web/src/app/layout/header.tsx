import { ExternalLink, LayoutDashboard, LogIn, LogOut, Menu, ScanLine, ShieldUser, X } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/lib/auth/use-auth";
import { useAppConfig } from "@/lib/app-config";
import { cn } from "@/lib/utils";
import { Brand } from "./brand";

const mainLinks = [
  { to: "/", label: "Home", end: true },
  { to: "/webinars", label: "Webinars", end: false },
  { to: "/how-it-works", label: "How It Works", end: false },
];

const linkBase =
  "rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-500";
const navClass = ({ isActive }: { isActive: boolean }) =>
  cn(linkBase, isActive ? "bg-white/10 text-white" : "text-zinc-300 hover:bg-white/5 hover:text-white");

const mobileNavClass = (state: { isActive: boolean }) => cn(navClass(state), "py-3 text-base");

/** Store link: the configured external shop, else the contact page. */
function StoreLink({ className, children }: { className: string; children: ReactNode }) {
  const { data } = useAppConfig();
  const storeUrl = data?.storeUrl?.trim();
  if (storeUrl) {
    return (
      <a href={storeUrl} target="_blank" rel="noopener noreferrer" className={className}>
        {children}
        <ExternalLink className="size-3.5 opacity-70" aria-hidden="true" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    );
  }
  return (
    <Link to="/contact" className={className}>
      {children}
    </Link>
  );
}

export function Header() {
  const { user, isAdmin, canUseCounter, signOut, signingOut } = useAuth();
  const { pathname } = useLocation();
  // The mobile menu remembers the page it was opened on and closes whenever
  // the page changes (reset while rendering: no effect, no extra commit).
  const [openOn, setOpenOn] = useState<string | null>(null);
  if (openOn !== null && openOn !== pathname) setOpenOn(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  // The page has one header: a fixed id, the same in the build's render of it alone (app/server-render.tsx).
  const menuId = "mobile-menu";

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpenOn(null);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  const accountLinks = (mobile: boolean) => (
    <>
      {user && (
        <NavLink to="/dashboard" className={mobile ? mobileNavClass : navClass}>
          <span className="inline-flex items-center gap-2">
            {mobile && <LayoutDashboard className="size-4" aria-hidden="true" />}
            Dashboard
          </span>
        </NavLink>
      )}
      {canUseCounter && (
        // A document load, not in-app navigation: /counter's own policy allows its decoder (docs/api.md).
        <NavLink to="/counter" reloadDocument className={mobile ? mobileNavClass : navClass}>
          <span className="inline-flex items-center gap-2">
            <ScanLine className="size-4" aria-hidden="true" />
            Counter
          </span>
        </NavLink>
      )}
      {isAdmin && (
        <NavLink to="/admin" className={mobile ? mobileNavClass : navClass}>
          <span className="inline-flex items-center gap-2">
            <ShieldUser className="size-4" aria-hidden="true" />
            Admin Portal
          </span>
        </NavLink>
      )}
    </>
  );

  const authButton = (mobile: boolean) =>
    user ? (
      <Button
        variant="inverse"
        size="sm"
        className={cn(mobile && "w-full justify-center")}
        onClick={() => void signOut()}
        disabled={signingOut}
      >
        <LogOut aria-hidden="true" />
        {signingOut ? "Logging out..." : "Logout"}
      </Button>
    ) : (
      <Button asChild size="sm" className={cn(mobile && "w-full justify-center")}>
        <Link to="/auth">
          <LogIn aria-hidden="true" />
          Login
        </Link>
      </Button>
    );

  return (
    <header className="no-print sticky top-0 z-40 border-b border-white/10 bg-zinc-950/95 text-white backdrop-blur supports-[backdrop-filter]:bg-zinc-950/85">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-ink"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Brand className="text-white" />

        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {mainLinks.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.end} className={navClass}>
              {l.label}
            </NavLink>
          ))}
          <StoreLink className={cn(linkBase, "inline-flex items-center gap-1.5 text-zinc-300 hover:bg-white/5 hover:text-white")}>
            Store
          </StoreLink>
          {accountLinks(false)}
        </nav>

        <div className="hidden lg:block">{authButton(false)}</div>

        <button
          type="button"
          className="inline-flex size-10 items-center justify-center rounded-md text-zinc-200 hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none lg:hidden"
          aria-label="Toggle menu"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen(!open)}
        >
          {open ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
        </button>
      </div>

      <div id={menuId} hidden={!open} className="border-t border-white/10 lg:hidden">
        <nav aria-label="Mobile" className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3 sm:px-6">
          {mainLinks.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.end} className={mobileNavClass}>
              {l.label}
            </NavLink>
          ))}
          <StoreLink className={cn(linkBase, "inline-flex items-center gap-1.5 py-3 text-base text-zinc-300 hover:bg-white/5 hover:text-white")}>
            Store
          </StoreLink>
          {accountLinks(true)}
          <div className="mt-2 border-t border-white/10 pt-3">{authButton(true)}</div>
        </nav>
      </div>
    </header>
  );
}
