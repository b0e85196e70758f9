import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { jsonResponse, mockApi, renderApp } from "@/test/utils";
import { TwoFactorCard } from "./two-factor-card";

const WRONG = "That password is not right.";
const REQUIRED = "Enter your current password to change two-factor authentication.";

const bodies = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => url === path).map(([, init]) => JSON.parse((init?.body as string) ?? "null"));

describe("TwoFactorCard", () => {
  it("asks for the current password before the set-up and shows the server's answer under the field", async () => {
    let setups = 0;
    const fetchMock = mockApi(undefined, (url) => {
      if (url === "/api/account/second-factor") {
        return jsonResponse({ enabled: false, recovery_codes_left: 0, enrolment_link_required: false });
      }
      if (url === "/api/account/second-factor/setup") {
        setups += 1;
        return setups === 1
          ? jsonResponse({ error: { code: "invalid_password", field: "password", message: WRONG } }, 400)
          : jsonResponse({ secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", uri: "otpauth://totp/WatchWin:a?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP" });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp(<TwoFactorCard />);
    await user.click(await screen.findByRole("button", { name: "Set up two-factor authentication" }));
    expect(await screen.findByText("Enter your current password")).toBeInTheDocument();
    expect(bodies(fetchMock, "/api/account/second-factor/setup")).toHaveLength(0);

    await user.type(screen.getByLabelText("Current password"), "wrong-one");
    await user.click(screen.getByRole("button", { name: "Set up two-factor authentication" }));
    expect(await screen.findByText(WRONG)).toBeInTheDocument();
    await user.type(screen.getByLabelText("Current password"), "secret123");
    await user.click(screen.getByRole("button", { name: "Set up two-factor authentication" }));
    expect(await screen.findByTestId("factor-secret")).toHaveTextContent("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");
    expect(bodies(fetchMock, "/api/account/second-factor/setup")).toEqual([{ password: "wrong-one" }, { password: "secret123" }]);
  });

  it("asks for the password when turning it on takes more than 5 minutes", async () => {
    const fetchMock = mockApi(undefined, (url, init) => {
      if (url === "/api/account/second-factor") {
        return jsonResponse({ enabled: false, recovery_codes_left: 0, enrolment_link_required: false });
      }
      if (url === "/api/account/second-factor/setup") return jsonResponse({ secret: "ABC", uri: "otpauth://totp/x?secret=ABC" });
      if (url === "/api/account/second-factor/enable") {
        const body = JSON.parse(init?.body as string) as { password?: string };
        return body.password
          ? jsonResponse({ recovery_codes: ["abcde-fghij"] })
          : jsonResponse({ error: { code: "password_required", field: "password", message: REQUIRED } }, 403);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp(<TwoFactorCard />);
    await user.type(await screen.findByLabelText("Current password"), "secret123");
    await user.click(screen.getByRole("button", { name: "Set up two-factor authentication" }));
    const code = await screen.findByLabelText("Enter the 6-digit code from your authenticator app");
    await user.type(code, "123456");
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    expect(await screen.findByText(REQUIRED)).toBeInTheDocument();
    await user.type(screen.getByLabelText("Current password"), "secret123");
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    expect(await screen.findByRole("list", { name: "Your recovery codes" })).toHaveTextContent("abcde-fghij");
    expect(bodies(fetchMock, "/api/account/second-factor/enable")).toEqual([
      { code: "123456" },
      { code: "123456", password: "secret123" },
    ]);
  });
});
