import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { REDIRECT_AFTER_AUTH_KEY } from "@/lib/redirect";
import { notify } from "@/lib/toast";
import { jsonResponse, mockApi, renderApp, userSession } from "@/test/utils";
import { AuthPage } from "./auth-page";

const loginOk = (url: string) => (url === "/api/auth/login" ? jsonResponse(userSession) : undefined);

async function logIn() {
  await userEvent.type(await screen.findByLabelText("Email"), "jane@example.com");
  await userEvent.type(screen.getByLabelText("Password"), "secret1");
  await userEvent.click(screen.getByRole("button", { name: "Login" }));
}

describe("AuthPage", () => {
  it("has Login and Sign Up tabs", async () => {
    mockApi();
    renderApp(<AuthPage />, { path: "/auth", initialEntries: ["/auth"] });
    expect(await screen.findByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true");
    await userEvent.click(screen.getByRole("tab", { name: "Sign Up" }));
    expect(screen.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel")).toContainElement(screen.getByLabelText("First Name"));
  });

  it("has tabs that are links, so a press before the app starts opens them too (?tab=signup)", async () => {
    mockApi();
    const { router } = renderApp(<AuthPage />, { path: "/auth", initialEntries: ["/auth?webinarId=w1"] });
    // The open tab links nowhere: a press on it reloads nothing.
    expect(await screen.findByRole("tab", { name: "Login" })).not.toHaveAttribute("href");
    expect(screen.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("href", "/auth?webinarId=w1&tab=signup");
    await userEvent.click(screen.getByRole("tab", { name: "Sign Up" }));
    expect(router.state.location.search).toBe("?webinarId=w1&tab=signup");
    expect(screen.getByRole("heading", { name: "Create your account" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Login" })).toHaveAttribute("href", "/auth?webinarId=w1");
  });

  it("keeps focus on a tab opened by arrow key (the same element before and after)", async () => {
    mockApi();
    renderApp(<AuthPage />, { path: "/auth", initialEntries: ["/auth"] });
    const login = await screen.findByRole("tab", { name: "Login" });
    const signUp = screen.getByRole("tab", { name: "Sign Up" });
    login.focus();
    await userEvent.keyboard("{ArrowRight}");
    expect(await screen.findByRole("heading", { name: "Create your account" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Sign Up" })).toBe(signUp);
    expect(signUp).toHaveFocus();
  });

  it("opens the Sign Up tab at /auth?tab=signup", async () => {
    mockApi();
    renderApp(<AuthPage />, { path: "/auth", initialEntries: ["/auth?tab=signup"] });
    expect(await screen.findByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByLabelText("First Name")).toBeInTheDocument();
  });

  it("after sign-up switches to Login, prefills the email, focuses the password and shows one toast: 'Sign up successful!'", async () => {
    mockApi(undefined, (url) => (url === "/api/auth/signup" ? jsonResponse(userSession, 201) : undefined));
    const toast = vi.spyOn(notify, "success");
    const user = userEvent.setup();
    renderApp(<AuthPage />, { path: "/auth", initialEntries: ["/auth"] });
    await user.click(await screen.findByRole("tab", { name: "Sign Up" }));
    await user.type(screen.getByLabelText("First Name"), "Jane");
    await user.type(screen.getByLabelText("Last Name"), "Doe");
    await user.type(screen.getByLabelText("Email"), "jane@example.com");
    await user.type(screen.getByLabelText("Phone Number"), "6305550100");
    await user.type(screen.getByLabelText("Password"), "secret1");
    await user.type(screen.getByLabelText("Confirm Password"), "secret1");
    await user.click(screen.getByRole("checkbox", { name: "I am 21 or older" }));
    await user.click(screen.getByRole("button", { name: "Sign Up" }));

    await waitFor(() => expect(screen.getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true"));
    expect(await screen.findByText("Sign up successful!")).toBeInTheDocument();
    expect(screen.getByText("Please check your email for confirmation.")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveValue("jane@example.com");
    // The keyboard goes on where the person continues: the password (docs/testing.md#wcag-22-aa).
    expect(screen.getByLabelText("Password")).toHaveFocus();
    // docs/product.md#texts-users-see and the product's one-toast store: the confirmation e-mail is promised once.
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith("Sign up successful!", "Please check your email for confirmation.");
    expect(screen.queryByText("Account created")).not.toBeInTheDocument();
  });

  it("after login goes to the stored redirect path and clears it", async () => {
    mockApi(undefined, loginOk);
    sessionStorage.setItem(REDIRECT_AFTER_AUTH_KEY, "/dashboard");
    const { router } = renderApp(<AuthPage />, { path: "/auth", initialEntries: ["/auth"] });
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(sessionStorage.getItem(REDIRECT_AFTER_AUTH_KEY)).toBeNull();
  });

  it("after login with ?webinarId goes to the watch page", async () => {
    mockApi(undefined, loginOk);
    const { router } = renderApp(<AuthPage />, { path: "/auth", initialEntries: ["/auth?webinarId=w7"] });
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe("/webinar/w7/watch"));
  });

  it("sends an already signed-in visitor home", async () => {
    mockApi(userSession);
    const { router } = renderApp(<AuthPage />, { path: "/auth", initialEntries: ["/auth"] });
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    await act(async () => {});
  });
});
