import { LogIn, UserPlus } from "lucide-react";
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useAuth } from "@/lib/auth/use-auth";
import { postLoginTarget } from "../lib/post-login-target";
import { AuthCard } from "./auth-card";
import { LoginForm } from "./login-form";
import { SignUpForm } from "./sign-up-form";

type Tab = "login" | "signup";

/** The address of a tab: /auth for Login, ?tab=signup for Sign Up, keeping the page's other parameters. */
function tabPath(params: URLSearchParams, tab: Tab): string {
  const next = new URLSearchParams(params);
  if (tab === "signup") next.set("tab", "signup");
  else next.delete("tab");
  const query = next.toString();
  return query ? `/auth?${query}` : "/auth";
}

/**
 * /auth: Login and Sign Up tabs; ?webinarId=X sends the user to that webinar
 * after login. The tab is in the address (?tab=signup) and each tab is a
 * link, so a press before the app has started opens it too (the server
 * paints either tab, docs/api.md#pages).
 */
/** A plain click on a tab's link: Radix has opened the tab already; a click with a modifier opens it elsewhere. */
function followedByTabs(e: MouseEvent<HTMLAnchorElement>) {
  if (!e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey) e.preventDefault();
}

export function AuthPage() {
  useDocumentTitle("Login or Sign Up");
  const { user, loading } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const webinarId = searchParams.get("webinarId");
  const tab: Tab = searchParams.get("tab") === "signup" ? "signup" : "login";
  const setTab = (next: Tab) => {
    if (next !== tab) navigate(tabPath(searchParams, next), { replace: true, state: location.state });
  };
  const [loginEmail, setLoginEmail] = useState("");
  const redirectTimer = useRef<number | undefined>(undefined);
  // Only a visitor who was already logged in on arrival is sent home; a fresh
  // login on this page follows the redirect rules instead. Set once, on the
  // first render after the session check (state set while rendering, so the
  // form never flashes).
  const [signedInOnArrival, setSignedInOnArrival] = useState<boolean | null>(null);
  if (signedInOnArrival === null && !loading) setSignedInOnArrival(Boolean(user));

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  if (loading) return <PageSpinner label="Checking your session..." />;
  if (signedInOnArrival && user) return <Navigate to="/" replace />;

  // One element in both states, so a tab opened by arrow key keeps its focus: a link while
  // closed (it works before the app starts), none once open (a press then must not reload the
  // page and lose what was typed). Radix opens the tab on focus or press; the click does nothing more.
  const tabTrigger = (value: Tab, icon: ReactNode, label: string) => (
    <TabsTrigger value={value} asChild>
      <a href={value === tab ? undefined : tabPath(searchParams, value)} onClick={followedByTabs}>
        {icon}
        {label}
      </a>
    </TabsTrigger>
  );

  const handleLoginSuccess = () => {
    const target = postLoginTarget(webinarId, (location.state as { from?: unknown } | null)?.from);
    redirectTimer.current = window.setTimeout(() => navigate(target, { replace: true }), 100);
  };

  const handleSignUpSuccess = (email: string) => {
    setLoginEmail(email);
    setTab("login");
  };

  return (
    <AuthCard
      title={tab === "login" ? "Welcome back" : "Create your account"}
      description={
        webinarId
          ? "Log in to watch your webinar and unlock your coupon."
          : "Log in or sign up to register for webinars and claim store-credit coupons."
      }
      footer={
        <p className="mt-6 text-center text-xs leading-relaxed text-muted-foreground">
          By continuing you agree to our{" "}
          <Link to="/terms" className="font-medium text-foreground underline underline-offset-2">
            Terms of Service
          </Link>{" "}
          and{" "}
          <Link to="/privacy" className="font-medium text-foreground underline underline-offset-2">
            Privacy Policy
          </Link>
          . You must be 21 or older.
        </p>
      }
    >
      <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
        <TabsList className="grid grid-cols-2">
          {tabTrigger("login", <LogIn aria-hidden="true" />, "Login")}
          {tabTrigger("signup", <UserPlus aria-hidden="true" />, "Sign Up")}
        </TabsList>
        <TabsContent value="login" className="pt-2">
          <LoginForm defaultEmail={loginEmail} onSuccess={handleLoginSuccess} />
        </TabsContent>
        <TabsContent value="signup" className="pt-2">
          <SignUpForm onSuccess={handleSignUpSuccess} />
        </TabsContent>
      </Tabs>
    </AuthCard>
  );
}
