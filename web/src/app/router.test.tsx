import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Layout } from "./layout/layout";
import { REDIRECT_AFTER_AUTH_KEY } from "@/lib/redirect";
import { adminSession, jsonResponse, mockApi, renderApp, userSession } from "@/test/utils";
import { pageRoutes } from "./router";

const appRoutes = [{ element: <Layout />, children: pageRoutes }];

describe("routes and guards", () => {
  it("renders the home hero and webinars section", async () => {
    mockApi();
    renderApp(appRoutes);
    expect(await screen.findByRole("heading", { level: 1, name: /Watch\. Claim\. Save\. Win\./ })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Video Webinars & Coupons" }).closest("section")).toHaveAttribute(
      "id",
      "webinars",
    );
    expect(screen.getByRole("link", { name: /Learn More/ })).toHaveAttribute("href", "/how-it-works");
    await userEvent.click(screen.getByRole("button", { name: /Browse Webinars & Get Coupons/ }));
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
});
