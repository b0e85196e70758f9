import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { adminSession, jsonResponse, mockApi, renderApp, staffSession, userSession } from "@/test/utils";
import { Header } from "./header";

describe("Header", () => {
  it("toggles the mobile menu", async () => {
    mockApi();
    renderApp(<Header />);
    const toggle = await screen.findByRole("button", { name: "Toggle menu" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("navigation", { name: "Mobile" })).toBeVisible();
  });

  it("closes the mobile menu on another page (and back) and on Escape", async () => {
    mockApi();
    const { router } = renderApp([{ path: "*", element: <Header /> }]);
    const toggle = await screen.findByRole("button", { name: "Toggle menu" });
    await userEvent.click(toggle);
    await userEvent.click(within(screen.getByRole("navigation", { name: "Mobile" })).getByRole("link", { name: "Webinars" }));
    expect(router.state.location.pathname).toBe("/webinars");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe("/");
    expect(toggle).toHaveAttribute("aria-expanded", "false");

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    await userEvent.keyboard("{Escape}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  it("links Store to /contact when no store URL is configured", async () => {
    mockApi();
    renderApp(<Header />);
    const [store] = await screen.findAllByRole("link", { name: "Store" });
    expect(store).toHaveAttribute("href", "/contact");
    expect(screen.queryByRole("link", { name: "Dashboard" })).not.toBeInTheDocument();
  });

  it("uses the configured store URL and shows Dashboard when logged in", async () => {
    mockApi(userSession, (url) =>
      url === "/api/config"
        ? jsonResponse({ timezone: "America/Chicago", storeUrl: "https://shop.example.com", paymentMode: "test" })
        : undefined,
    );
    renderApp(<Header />);
    expect((await screen.findAllByRole("link", { name: "Dashboard" }))[0]).toHaveAttribute("href", "/dashboard");
    const [store] = await screen.findAllByRole("link", { name: /^Store/ });
    expect(store).toHaveAttribute("href", "https://shop.example.com");
    expect(screen.queryByRole("link", { name: /Admin Portal/ })).not.toBeInTheDocument();
  });

  it.each([
    ["staff", staffSession, true, false],
    ["an admin", adminSession, true, true],
    ["a user", userSession, false, false],
  ])("shows %s the Counter link (and Admin Portal to admins only)", async (_who, session, counter, admin) => {
    mockApi(session);
    renderApp(<Header />);
    await screen.findAllByRole("link", { name: "Dashboard" });
    const counterLinks = screen.queryAllByRole("link", { name: "Counter" });
    expect(counterLinks).toHaveLength(counter ? 1 : 0); // the mobile menu is closed
    for (const link of counterLinks) expect(link).toHaveAttribute("href", "/counter");
    expect(screen.queryAllByRole("link", { name: "Admin Portal" })).toHaveLength(admin ? 1 : 0);
  });
});
