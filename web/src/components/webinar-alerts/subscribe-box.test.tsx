import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { FLASH_COOKIE } from "@/lib/form-flash";
import { jsonResponse, mockApi, renderApp } from "@/test/utils";
import { SubscribeBox } from "./subscribe-box";

/** Sets the flash cookie as the server's answer to the box's form post does. */
function arriveWithFlash(fields: Record<string, string>) {
  document.cookie = `${FLASH_COOKIE}=${new URLSearchParams(fields).toString()}; Path=/`;
}

afterEach(() => {
  document.cookie = `${FLASH_COOKIE}=; Max-Age=0; Path=/`;
});

const neutral = "Thanks! If that address can receive our e-mails and isn't on the list yet, a link to confirm is on its way. It works for 7 days.";

describe("SubscribeBox posted before the app starts (docs/api.md#forms-without-javascript)", () => {
  it("posts its address and its name to the alerts endpoint", async () => {
    mockApi();
    const { container } = renderApp(<SubscribeBox box="footer" />);
    const email = await screen.findByLabelText("Email Address");
    const form = email.closest("form")!;
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/api/webinar-alerts");
    expect(email).toHaveAttribute("name", "email");
    expect(container.querySelector('input[type="hidden"][name="box"]')).toHaveValue("footer");
  });

  it("the box that was posted shows the server's answer; another box on the page does not", async () => {
    mockApi();
    arriveWithFlash({ form: "webinar_alerts", outcome: "subscribed", box: "page", message: neutral });
    renderApp(
      <>
        <SubscribeBox />
        <SubscribeBox box="footer" title="Footer box" />
      </>,
    );
    expect(await screen.findByRole("status")).toHaveTextContent(neutral);
    expect(screen.getAllByLabelText("Email Address")).toHaveLength(1);
    expect(document.cookie).not.toContain(`${FLASH_COOKIE}=`);
  });

  it("a refused address comes back in its field with the error", async () => {
    mockApi();
    arriveWithFlash({
      form: "webinar_alerts",
      outcome: "error",
      box: "footer",
      code: "validation_failed",
      field: "email",
      message: "Please enter a valid email address",
      email: "fan@example",
    });
    renderApp(<SubscribeBox box="footer" />);
    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.getByLabelText("Email Address")).toHaveValue("fan@example");
  });
});

describe("SubscribeBox once the app runs", () => {
  it("refuses what is not an address without asking the server, then sends a good one as JSON", async () => {
    const fetchMock = mockApi(undefined, (url) =>
      url === "/api/webinar-alerts" ? jsonResponse({ message: neutral }, 202) : undefined,
    );
    renderApp(<SubscribeBox />);
    const email = await screen.findByLabelText("Email Address");
    await userEvent.type(email, "fan@example{Enter}");
    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === "/api/webinar-alerts")).toBe(false);

    await userEvent.type(email, ".com{Enter}");
    expect(await screen.findByRole("status")).toHaveTextContent(neutral);
    const [, init] = fetchMock.mock.calls.find(([url]) => url === "/api/webinar-alerts")!;
    expect(JSON.parse(String(init?.body))).toEqual({ email: "fan@example.com" });
  });
});
