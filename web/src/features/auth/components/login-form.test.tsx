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
});
