import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { jsonResponse, mockApi, renderApp } from "@/test/utils";
import { ConfirmEmailPage } from "./confirm-email-page";

const INVALID = "This confirmation link is invalid or has expired.";

function renderPage(search = "?token=tok-abc") {
  return renderApp(<ConfirmEmailPage />, {
    path: "/auth/confirm-email",
    initialEntries: [`/auth/confirm-email${search}`],
    strict: true,
  });
}

const calls = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => url === path);

describe("ConfirmEmailPage", () => {
  it("confirms once on arrival, even under StrictMode, and offers to log in", async () => {
    const fetchMock = mockApi(undefined, (url) =>
      url === "/api/auth/email/confirm" ? jsonResponse({ ok: true }) : undefined,
    );
    renderPage();
    expect(await screen.findByRole("heading", { level: 1, name: "Email confirmed" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/auth");
    const confirms = calls(fetchMock, "/api/auth/email/confirm");
    expect(confirms).toHaveLength(1);
    expect(confirms[0][1]?.method).toBe("POST");
    expect(JSON.parse(confirms[0][1]?.body as string)).toEqual({ token: "tok-abc" });
  });

  it("shows the server's message for a dead link and resends to the address given", async () => {
    const fetchMock = mockApi(undefined, (url) => {
      if (url === "/api/auth/email/confirm") {
        return jsonResponse({ error: { code: "invalid_token", field: "token", message: INVALID } }, 400);
      }
      if (url === "/api/auth/email/resend") return jsonResponse({ ok: true }, 202);
      return undefined;
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole("alert")).toHaveTextContent(INVALID);
    await user.type(screen.getByLabelText("Email Address"), "jane@example.com");
    await user.click(screen.getByRole("button", { name: "Resend confirmation email" }));
    expect(await screen.findByText("Confirmation email sent. Check your inbox.")).toBeInTheDocument();
    const resends = calls(fetchMock, "/api/auth/email/resend");
    expect(resends).toHaveLength(1);
    expect(JSON.parse(resends[0][1]?.body as string)).toEqual({ email: "jane@example.com" });
    expect(calls(fetchMock, "/api/auth/email/confirm")).toHaveLength(1);
  });

  it("treats a link without a token as dead and asks the server nothing", async () => {
    const fetchMock = mockApi();
    renderPage("");
    expect(await screen.findByRole("alert")).toHaveTextContent(INVALID);
    expect(screen.getByLabelText("Email Address")).toBeInTheDocument();
    expect(calls(fetchMock, "/api/auth/email/confirm")).toHaveLength(0);
  });

  it("offers another try when the server could not be reached", async () => {
    let fail = true;
    mockApi(undefined, (url) => {
      if (url !== "/api/auth/email/confirm") return undefined;
      if (fail) return jsonResponse({ error: { code: "internal", message: "The server had a problem. Please try again in a moment." } }, 500);
      return jsonResponse({ ok: true });
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole("alert")).toHaveTextContent("The server had a problem. Please try again in a moment.");
    expect(screen.queryByLabelText("Email Address")).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Email confirmed" })).toBeInTheDocument();
  });
});
