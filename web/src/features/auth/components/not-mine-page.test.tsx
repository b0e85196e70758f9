import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { jsonResponse, mockApi, renderApp } from "@/test/utils";
import { NotMinePage } from "./not-mine-page";

const calls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url]) => url === "/api/auth/second-factor/not-mine");

function renderPage(search = "?token=tok-abc") {
  return renderApp(<NotMinePage />, {
    path: "/auth/second-factor-not-mine",
    initialEntries: [`/auth/second-factor-not-mine${search}`],
    strict: true,
  });
}

describe("NotMinePage", () => {
  it("changes nothing on arrival; the press removes the factor and offers a new password", async () => {
    const fetchMock = mockApi(undefined, (url) =>
      url === "/api/auth/second-factor/not-mine" ? jsonResponse({ factor_removed: true }) : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    const press = await screen.findByRole("button", { name: "Remove it and sign out everywhere" });
    expect(calls(fetchMock)).toHaveLength(0);
    await user.click(press);
    expect(await screen.findByText(/are removed, and your account is signed out everywhere/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Choose a new password" })).toHaveAttribute("href", "/auth/forgot-password");
    expect(calls(fetchMock).map(([, init]) => JSON.parse(init?.body as string))).toEqual([{ token: "tok-abc" }]);
  });

  it("shows the server's words for a dead link", async () => {
    mockApi(undefined, (url) =>
      url === "/api/auth/second-factor/not-mine"
        ? jsonResponse({ error: { code: "invalid_token", field: "token", message: "This link is invalid, has expired or was used already." } }, 400)
        : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Remove it and sign out everywhere" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This link is invalid, has expired or was used already.");
  });
});
