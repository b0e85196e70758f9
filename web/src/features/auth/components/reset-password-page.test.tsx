import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { notify } from "@/lib/toast";
import { jsonResponse, mockApi, renderApp } from "@/test/utils";
import { ResetPasswordPage } from "./reset-password-page";

const INVALID = "This link is invalid or has expired. Please request a new one.";

function renderPage(search = "?token=tok-123") {
  return renderApp(<ResetPasswordPage />, {
    path: "/auth/reset-password",
    initialEntries: [`/auth/reset-password${search}`],
  });
}

async function fill(user: ReturnType<typeof userEvent.setup>, password: string, confirm: string) {
  await user.type(await screen.findByLabelText("New Password"), password);
  await user.type(screen.getByLabelText("Confirm Password"), confirm);
  await user.click(screen.getByRole("button", { name: "Update Password" }));
}

describe("ResetPasswordPage", () => {
  it("sets the new password with the token, toasts and goes to /auth", async () => {
    const toast = vi.spyOn(notify, "success");
    const fetchMock = mockApi(undefined, (url) =>
      url === "/api/auth/password/reset" ? jsonResponse({ ok: true }) : undefined,
    );
    const user = userEvent.setup();
    const { router } = renderPage();
    expect(await screen.findByRole("heading", { level: 1, name: "Set a New Password" })).toBeInTheDocument();
    await fill(user, "newpass1", "newpass1");
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
    expect(toast).toHaveBeenCalledWith("Password updated", "Please log in with your new password.");
    const call = fetchMock.mock.calls.find(([url]) => url === "/api/auth/password/reset");
    expect(JSON.parse(call?.[1]?.body as string)).toEqual({
      token: "tok-123",
      password: "newpass1",
      confirm_password: "newpass1",
    });
  });

  it("shows 'Updating...' while the server works", async () => {
    mockApi(undefined, (url) => (url === "/api/auth/password/reset" ? new Promise<Response>(() => {}) : undefined));
    const user = userEvent.setup();
    renderPage();
    await fill(user, "newpass1", "newpass1");
    expect(await screen.findByRole("button", { name: "Updating..." })).toBeDisabled();
  });

  it("applies the sign-up password rules before asking the server", async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup();
    renderPage();
    await fill(user, "12345", "12345");
    expect(await screen.findAllByText("Password must be at least 6 characters")).toHaveLength(2);
    await user.clear(screen.getByLabelText("New Password"));
    await user.clear(screen.getByLabelText("Confirm Password"));
    await fill(user, "newpass1", "newpass2");
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(screen.getByLabelText("Confirm Password")).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock.mock.calls.some(([url]) => url === "/api/auth/password/reset")).toBe(false);
  });

  it("puts the server's confirm_password message under Confirm Password", async () => {
    mockApi(undefined, (url) =>
      url === "/api/auth/password/reset"
        ? jsonResponse({ error: { code: "validation", message: "Passwords don't match", field: "confirm_password" } }, 400)
        : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    await fill(user, "newpass1", "newpass1");
    await waitFor(() =>
      expect(document.getElementById("reset-confirm-password-error")).toHaveTextContent("Passwords don't match"),
    );
  });

  it("shows the server's message and a way to a new link for a dead token", async () => {
    mockApi(undefined, (url) =>
      url === "/api/auth/password/reset"
        ? jsonResponse({ error: { code: "invalid_token", field: "token", message: INVALID } }, 400)
        : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    await fill(user, "newpass1", "newpass1");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(INVALID);
    expect(screen.getByRole("link", { name: "Request a new reset link" })).toHaveAttribute("href", "/auth/forgot-password");
    expect(screen.queryByLabelText("New Password")).not.toBeInTheDocument();
  });

  it("shows the same alert, and no form, when the link has no token", async () => {
    const fetchMock = mockApi();
    renderPage("");
    expect(await screen.findByRole("alert")).toHaveTextContent(INVALID);
    expect(screen.getByRole("link", { name: "Request a new reset link" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Update Password" })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === "/api/auth/password/reset")).toBe(false);
  });
});
