import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, mockApi, renderApp } from "@/test/utils";
import { WalletButtons } from "./wallet-buttons";

function withWallets(wallets: { apple: boolean; google: boolean }) {
  return mockApi(undefined, (url) => {
    if (url === "/api/config") return jsonResponse({ timezone: "America/Chicago", wallets });
    if (url === "/api/coupons/c-1/wallet/google") return jsonResponse({ url: "https://pay.google.com/gp/v/save/a.b.c" });
    return undefined;
  });
}

describe("WalletButtons", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows nothing when the store set up no wallet", async () => {
    const fetchMock = withWallets({ apple: false, google: false });
    renderApp(<WalletButtons couponId="c-1" />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith("/api/config", expect.anything()));
    expect(screen.queryByRole("group", { name: "Add to a phone wallet" })).not.toBeInTheDocument();
  });

  it("links the pass and opens Google's save link, each only when configured", async () => {
    withWallets({ apple: true, google: true });
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    renderApp(<WalletButtons couponId="c-1" />);
    const apple = await screen.findByRole("link", { name: "Add to Apple Wallet" });
    expect(apple).toHaveAttribute("href", "/api/coupons/c-1/wallet/apple");
    await userEvent.click(screen.getByRole("button", { name: "Add to Google Wallet" }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("https://pay.google.com/gp/v/save/a.b.c"));
  });

  it("shows only Apple's badge when only Apple Wallet is configured", async () => {
    withWallets({ apple: true, google: false });
    renderApp(<WalletButtons couponId="c-1" />);
    await screen.findByRole("link", { name: "Add to Apple Wallet" });
    expect(screen.queryByRole("button", { name: "Add to Google Wallet" })).not.toBeInTheDocument();
  });
});
