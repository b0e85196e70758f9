import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { Layout } from "./layout/layout";
import { loadAuthPage } from "@/features/auth";
import { loadCouponPurchaseCard } from "@/features/coupons";
import { loadDashboardPage } from "./dashboard";
import { loadWebinarWatchPage } from "@/features/registration";
import { loadAdminWebinarsManagementPage } from "@/features/webinars";
import { REDIRECT_AFTER_AUTH_KEY } from "@/lib/redirect";
import { adminSession, jsonResponse, mockApi, renderApp, userSession } from "@/test/utils";
import { makeWebinar } from "@/test/webinars";
import { pageRoutes } from "./router";

// The real player loads YouTube's script; a button stands in for the video's end.
vi.mock("@/features/registration/components/video-player", () => ({
  VideoPlayer: ({ onEnded }: { onEnded: () => void }) => (
    <button type="button" onClick={onEnded}>
      End video
    </button>
  ),
}));

const appRoutes = [{ element: <Layout />, children: pageRoutes }];

// Pages load on first visit (React.lazy); compile the ones these tests open
// up front, so a first import under a busy machine does not eat the
// assertions' timeouts.
beforeAll(async () => {
  await Promise.all([
    loadAuthPage(),
    loadCouponPurchaseCard(),
    loadDashboardPage(),
    loadWebinarWatchPage(),
    loadAdminWebinarsManagementPage(),
  ]);
}, 60_000);

describe("routes and guards", () => {
  it("renders the home hero and webinars section", async () => {
    mockApi();
    renderApp(appRoutes);
    expect(await screen.findByRole("heading", { level: 1, name: /Watch\. Claim\. Save\. Win\./ })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Video Webinars & Coupons" }).closest("section")).toHaveAttribute(
      "id",
      "webinars",
    );
    expect(screen.getByRole("link", { name: /Learn how it works/ })).toHaveAttribute("href", "/how-it-works");
    // A link to the section, so it scrolls before the app has started too.
    const browse = screen.getByRole("link", { name: /Browse Webinars & Get Coupons/ });
    expect(browse).toHaveAttribute("href", "#webinars");
    await userEvent.click(browse);
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
  });

  it("sends anonymous visitors of /dashboard to /auth and remembers the path", async () => {
    mockApi();
    const { router } = renderApp(appRoutes, { initialEntries: ["/dashboard?tab=coupons"] });
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
    expect(sessionStorage.getItem(REDIRECT_AFTER_AUTH_KEY)).toBe("/dashboard?tab=coupons");
    expect(router.state.location.state).toEqual({ from: "/dashboard?tab=coupons" });
  });

  it("lets a signed-in user see /dashboard", async () => {
    mockApi(userSession);
    renderApp(appRoutes, { initialEntries: ["/dashboard"] });
    expect(await screen.findByRole("heading", { name: "My Dashboard" })).toBeInTheDocument();
  });

  it("sends signed-in non-admins away from /admin", async () => {
    mockApi(userSession);
    const { router } = renderApp(appRoutes, { initialEntries: ["/admin/users"] });
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it("shows admin pages to admins", async () => {
    mockApi(adminSession);
    renderApp(appRoutes, { initialEntries: ["/admin/webinars/management"] });
    expect(await screen.findByText("This page is under construction.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Admin Portal" })).toHaveAttribute("href", "/admin");
  });

  it("serves the pages the account e-mails link to", async () => {
    mockApi();
    const { router } = renderApp(appRoutes, { initialEntries: ["/auth"] });
    await userEvent.click(await screen.findByRole("link", { name: "Forgot password?" }));
    expect(await screen.findByRole("button", { name: "Send Reset Link" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/auth/forgot-password");
    await router.navigate("/auth/reset-password?token=t");
    expect(await screen.findByRole("heading", { level: 1, name: "Set a New Password" })).toBeInTheDocument();
    await router.navigate("/auth/confirm-email");
    expect(await screen.findByRole("heading", { level: 1, name: "Confirm your email" })).toBeInTheDocument();
  });

  it("redirects /login to /auth keeping the query", async () => {
    mockApi();
    const { router } = renderApp(appRoutes, { initialEntries: ["/login?webinarId=9"] });
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
    expect(router.state.location.search).toBe("?webinarId=9");
  });

  it("shows the 404 page for unknown paths", async () => {
    mockApi();
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderApp(appRoutes, { initialEntries: ["/nope"] });
    expect(await screen.findByRole("heading", { name: "Oops! Page not found" })).toBeInTheDocument();
  });

  it("signs out: toast, home, anonymous header — even when the server fails", async () => {
    mockApi(userSession, (url) =>
      url === "/api/auth/logout" ? jsonResponse({ error: { code: "internal", message: "boom" } }, 500) : undefined,
    );
    const { router } = renderApp(appRoutes, { initialEntries: ["/dashboard"] });
    await screen.findByRole("heading", { name: "My Dashboard" });
    const [logout] = screen.getAllByRole("button", { name: "Logout" });
    await userEvent.click(logout);
    expect(await screen.findByText("Error signing out")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
    expect(screen.getAllByRole("link", { name: "Login" }).length).toBeGreaterThan(0);
    expect(sessionStorage.getItem(REDIRECT_AFTER_AUTH_KEY)).toBeNull();
  });

  it("signs out successfully", async () => {
    mockApi(userSession, (url) => (url === "/api/auth/logout" ? new Response(null, { status: 204 }) : undefined));
    renderApp(appRoutes, { initialEntries: ["/"] });
    const [logout] = await screen.findAllByRole("button", { name: "Logout" });
    await userEvent.click(logout);
    expect(await screen.findByText("Signed out")).toBeInTheDocument();
    expect(screen.getByText("You have been successfully signed out.")).toBeInTheDocument();
  });

  it("composes the watch page with the coupons card: a sold-out webinar still plays for its registered user", async () => {
    const webinar = makeWebinar({ id: "w1", title: "Sold Out Session", seats_left: 0, paid_seats: 1, total_seats: 1 });
    const registration = {
      id: "r1",
      webinar_id: "w1",
      user_id: "u1",
      user_name_for_registration: "Jane Doe",
      user_email_for_registration: "jane@example.com",
      user_phone_for_registration: null,
      registration_time: "2026-12-01T18:00:00Z",
      attended_live: false,
      watched_video_fully: false,
      purchased_coupon: false,
    };
    mockApi(userSession, (url, init) => {
      if (url === "/api/webinars/w1") return jsonResponse(webinar);
      if (url === "/api/webinars/w1/registration") return jsonResponse({ registration });
      if (url === "/api/webinars/w1/video") return jsonResponse({ youtube_video_id: "aqz-KE-bpKQ", allow_seeking: true, max_playback_rate: 2 });
      if (url === "/api/webinars/w1/registration/watched" && init.method === "POST")
        return jsonResponse({ registration: { ...registration, watched_video_fully: true } });
      return undefined;
    });
    renderApp(appRoutes, { initialEntries: ["/webinar/w1/watch"] });
    await userEvent.click(await screen.findByRole("button", { name: "End video" }));
    expect(await screen.findByText("All coupons for this webinar have been sold.")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Buy Your Discounted Coupon" })).not.toBeInTheDocument();
  });
});
