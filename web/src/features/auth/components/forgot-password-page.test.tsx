import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { jsonResponse, mockApi, renderApp } from "@/test/utils";
import { ForgotPasswordPage } from "./forgot-password-page";

const SENT = "If an account exists for that email, we've sent a link to reset your password. Check your inbox.";

function renderPage() {
  return renderApp(<ForgotPasswordPage />, { path: "/auth/forgot-password", initialEntries: ["/auth/forgot-password"] });
}

describe("ForgotPasswordPage", () => {
  it("sends the address and shows the same answer whatever it is", async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = mockApi(undefined, (url) =>
      url === "/api/auth/password/forgot" ? answered.then(() => jsonResponse({ ok: true }, 202)) : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText("Email Address"), " nobody@example.com ");
    await user.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(await screen.findByRole("button", { name: "Sending..." })).toBeDisabled();
    release();
    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(screen.queryByLabelText("Email Address")).not.toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === "/api/auth/password/forgot");
    expect(call?.[1]?.method).toBe("POST");
    expect(JSON.parse(call?.[1]?.body as string)).toEqual({ email: "nobody@example.com" });
  });

  it("checks the address before asking the server", async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText("Email Address"), "not-an-email");
    await user.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.getByLabelText("Email Address")).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock.mock.calls.some(([url]) => url === "/api/auth/password/forgot")).toBe(false);
  });

  it("shows the throttle's message and keeps the form", async () => {
    mockApi(undefined, (url) =>
      url === "/api/auth/password/forgot"
        ? jsonResponse({ error: { code: "too_many_attempts", message: "Too many attempts. Please try again in 15 minutes." } }, 429)
        : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText("Email Address"), "jane@example.com");
    await user.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many attempts. Please try again in 15 minutes.");
    expect(screen.queryByText(SENT)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send Reset Link" })).toBeEnabled();
  });

  it("puts a server validation message under the field", async () => {
    mockApi(undefined, (url) =>
      url === "/api/auth/password/forgot"
        ? jsonResponse({ error: { code: "validation", message: "Please enter a valid email address", field: "email" } }, 400)
        : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText("Email Address"), "jane@example.com");
    await user.click(screen.getByRole("button", { name: "Send Reset Link" }));
    await waitFor(() =>
      expect(document.getElementById("forgot-email-error")).toHaveTextContent("Please enter a valid email address"),
    );
  });

  it("links back to the login page", async () => {
    mockApi();
    renderPage();
    expect(await screen.findByRole("link", { name: "Back to login" })).toHaveAttribute("href", "/auth");
  });
});
