import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, mockApi, renderApp, userSession } from "@/test/utils";
import { LoginForm } from "./login-form";

describe("LoginForm", () => {
  it("labels every input", async () => {
    mockApi();
    renderApp(<LoginForm />);
    expect(await screen.findByLabelText("Email")).toHaveAttribute("type", "email");
    expect(screen.getByLabelText("Password")).toHaveAttribute("type", "password");
  });

  it("shows validation messages on empty submit and does not call the server", async () => {
    const fetchMock = mockApi();
    renderApp(<LoginForm />);
    await userEvent.click(await screen.findByRole("button", { name: "Login" }));
    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 6 characters")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock.mock.calls.some(([url]) => url === "/api/auth/login")).toBe(false);
  });

  it("logs in, toasts and calls onSuccess", async () => {
    const onSuccess = vi.fn();
    const fetchMock = mockApi(undefined, (url) => (url === "/api/auth/login" ? jsonResponse(userSession) : undefined));
    renderApp(<LoginForm onSuccess={onSuccess} />);
    await userEvent.type(await screen.findByLabelText("Email"), "jane@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "secret1");
    await userEvent.click(screen.getByRole("button", { name: "Login" }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(await screen.findByText("Welcome back!")).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === "/api/auth/login");
    expect(JSON.parse(call?.[1]?.body as string)).toEqual({ email: "jane@example.com", password: "secret1" });
  });

  it("shows the server message in a toast and next to the named field", async () => {
    mockApi(undefined, (url) =>
      url === "/api/auth/login"
        ? jsonResponse({ error: { code: "invalid_credentials", message: "Invalid email or password", field: "password" } }, 401)
        : undefined,
    );
    renderApp(<LoginForm />);
    await userEvent.type(await screen.findByLabelText("Email"), "jane@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "wrongpw");
    await userEvent.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText("Error signing in")).toBeInTheDocument();
    expect(screen.getAllByText("Invalid email or password").length).toBeGreaterThanOrEqual(2);
    expect(screen.getByLabelText("Password")).toHaveAttribute("aria-invalid", "true");
  });

  it("links to 'Forgot password?'", async () => {
    mockApi();
    renderApp(<LoginForm />);
    expect(await screen.findByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/auth/forgot-password");
  });

  it("for an unconfirmed address shows the message and resends the link to the address typed", async () => {
    const message = "Please confirm your email address before logging in. We can send the link again.";
    const onSuccess = vi.fn();
    const fetchMock = mockApi(undefined, (url) => {
      if (url === "/api/auth/login") return jsonResponse({ error: { code: "email_not_confirmed", message } }, 403);
      if (url === "/api/auth/email/resend") return jsonResponse({ ok: true }, 202);
      return undefined;
    });
    const user = userEvent.setup();
    renderApp(<LoginForm onSuccess={onSuccess} />);
    await user.type(await screen.findByLabelText("Email"), "new@example.com");
    await user.type(screen.getByLabelText("Password"), "secret1");
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(onSuccess).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Resend confirmation email" }));
    expect(await screen.findByText("Confirmation email sent. Check your inbox.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Resend confirmation email" })).not.toBeInTheDocument();
    const resend = fetchMock.mock.calls.filter(([url]) => url === "/api/auth/email/resend");
    expect(resend).toHaveLength(1);
    expect(JSON.parse(resend[0][1]?.body as string)).toEqual({ email: "new@example.com" });
  });

  it("says so when the resend fails, and lets the user try again", async () => {
    let resendFails = true;
    mockApi(undefined, (url) => {
      if (url === "/api/auth/login") {
        return jsonResponse({ error: { code: "email_not_confirmed", message: "Please confirm your email address before logging in. We can send the link again." } }, 403);
      }
      if (url === "/api/auth/email/resend") {
        return resendFails
          ? jsonResponse({ error: { code: "too_many_attempts", message: "Too many attempts. Please try again later." } }, 429)
          : jsonResponse({ ok: true }, 202);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp(<LoginForm />);
    await user.type(await screen.findByLabelText("Email"), "new@example.com");
    await user.type(screen.getByLabelText("Password"), "secret1");
    await user.click(screen.getByRole("button", { name: "Login" }));
    await user.click(await screen.findByRole("button", { name: "Resend confirmation email" }));
    expect(await screen.findByText("Too many attempts. Please try again later.")).toBeInTheDocument();
    resendFails = false;
    await user.click(screen.getByRole("button", { name: "Resend confirmation email" }));
    expect(await screen.findByText("Confirmation email sent. Check your inbox.")).toBeInTheDocument();
  });
});
