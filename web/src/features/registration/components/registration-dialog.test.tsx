import { act, fireEvent, screen, within } from "@testing-library/react";
import { Link, useLocation } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { useOpenRegistration } from "@/lib/reserve-spot";
import { notify } from "@/lib/toast";
import { jsonResponse, mockApi, renderApp, renderAppDeclarative, userSession } from "@/test/utils";
import { TEMP_REGISTRATION_KEY } from "../lib/temp-registration";
import { makeRegistration as makeRegistrationFixture } from "@/test/fixtures";

const webinar = { id: "w7", title: "Safe Storage at Home" };

const makeRegistration = () => makeRegistrationFixture({ webinar_id: "w7" });

function OpenButton() {
  const open = useOpenRegistration();
  return (
    <button type="button" onClick={() => open?.(webinar)}>
      Reserve Spot
    </button>
  );
}

type Handler = (url: string, init: RequestInit) => Response | Promise<Response> | undefined;

/** The registration status the dialog checks first: none unless a test says otherwise. */
function api(handler: Handler = () => undefined, status: unknown = { registration: null }) {
  return mockApi(userSession, (url, init) => {
    const custom = handler(url, init);
    if (custom) return custom;
    if (url === "/api/webinars/w7/registration") return jsonResponse(status);
    return undefined;
  });
}

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

// The provider loads the dialog's code on the first 'Reserve Spot'; have it ready.
beforeAll(async () => {
  await import("./registration-dialog");
});

async function openDialog() {
  const utils = renderApp(<OpenButton />, { initialEntries: ["/webinars"], path: "/webinars" });
  await advance(0); // session check
  fireEvent.click(screen.getByRole("button", { name: "Reserve Spot" }));
  await advance(0); // the lazily loaded dialog
  return utils;
}

function dialog() {
  return screen.getByRole("dialog", { name: "Register for Webinar" });
}

async function submit() {
  fireEvent.click(within(dialog()).getByRole("button", { name: "Confirm Registration" }));
  await advance(0);
}

describe("RegistrationDialog", () => {
  it("sends the person to the watch page once: under the app's own router, later pages stay put", async () => {
    // BrowserRouter, as app/start.tsx uses, gives `navigate` a new identity on every page,
    // which re-runs the dialog's effects (the data router of renderApp keeps it stable).
    api((url, init) =>
      url === "/api/webinars/w7/registrations" && init.method === "POST"
        ? jsonResponse({ registration: makeRegistration(), created: true }, 201)
        : undefined,
    );
    function Where() {
      return <p>At {useLocation().pathname}</p>;
    }
    renderAppDeclarative(
      [
        { path: "/webinars", element: <OpenButton /> },
        { path: "/webinar/:id/watch", element: <Link to="/webinar/w7/coupon">Buy Your Discounted Coupon</Link> },
        { path: "*", element: <Where /> },
      ],
      { initialEntries: ["/webinars"] },
    );
    await advance(0);
    fireEvent.click(screen.getByRole("button", { name: "Reserve Spot" }));
    await advance(0);
    await advance(0);
    await submit();
    await advance(1500);
    fireEvent.click(screen.getByRole("link", { name: "Buy Your Discounted Coupon" }));
    await advance(5000);
    expect(screen.getByText("At /webinar/w7/coupon")).toBeInTheDocument();
  });

  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(async () => {
    // Toasts live in sonner's module-level store: let them leave before the next test.
    act(() => notify.dismiss());
    await advance(1000);
    vi.useRealTimers();
    localStorage.clear();
  });

  it("checks the registration status first, then shows the form prefilled from the profile", async () => {
    let answer!: (r: Response) => void;
    api((url) => (url === "/api/webinars/w7/registration" ? new Promise<Response>((r) => (answer = r)) as never : undefined));
    await openDialog();
    const d = dialog();
    expect(within(d).getByText("Checking Registration Status")).toBeInTheDocument();
    expect(within(d).getByText("Checking if you're already registered...")).toBeInTheDocument();
    expect(within(d).getByRole("status")).toBeInTheDocument();

    answer(jsonResponse({ registration: null }));
    await advance(0);
    expect(within(d).getByLabelText("Full Name")).toHaveValue("Jane Doe");
    expect(within(d).getByLabelText("Email Address")).toHaveValue("jane@example.com");
    expect(within(d).getByLabelText("Phone Number (Optional)")).toHaveValue("6305550100");
    expect(within(d).getByRole("button", { name: "Confirm Registration" })).toBeEnabled();
  });

  it("shows docs/product.md#validation-and-its-messages's messages next to the fields", async () => {
    const fetchMock = api();
    await openDialog();
    await advance(0);
    fireEvent.change(within(dialog()).getByLabelText("Full Name"), { target: { value: "J" } });
    fireEvent.change(within(dialog()).getByLabelText("Email Address"), { target: { value: "jane@" } });
    await submit();
    expect(within(dialog()).getByText("Name must be at least 2 characters")).toBeInTheDocument();
    expect(within(dialog()).getByText("Please enter a valid email address")).toBeInTheDocument();
    expect(within(dialog()).getByLabelText("Full Name")).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith("/registrations"))).toBe(false);
  });

  it("registers: 'Registering...' and no way to close while sending, then success and the watch page after 1500 ms", async () => {
    let answer!: (r: Response) => void;
    const fetchMock = api((url, init) =>
      url === "/api/webinars/w7/registrations" && init.method === "POST"
        ? (new Promise<Response>((r) => (answer = r)) as never)
        : undefined,
    );
    const { router } = await openDialog();
    await advance(0);
    fireEvent.change(within(dialog()).getByLabelText("Phone Number (Optional)"), { target: { value: "(630) 555-0199" } });
    await submit();

    const busy = within(dialog()).getByRole("button", { name: "Registering..." });
    expect(busy).toBeDisabled();
    expect(within(dialog()).queryByRole("button", { name: "Close" })).not.toBeInTheDocument();
    fireEvent.keyDown(dialog(), { key: "Escape" });
    await advance(0);
    expect(dialog()).toBeInTheDocument();

    const call = fetchMock.mock.calls.find(([u]) => u === "/api/webinars/w7/registrations");
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      name: "Jane Doe",
      email: "jane@example.com",
      phone: "(630) 555-0199",
    });

    vi.setSystemTime(new Date("2026-12-01T18:00:00Z"));
    answer(jsonResponse({ registration: makeRegistration(), created: true }, 201));
    await advance(0);
    expect(screen.getByText("Registration successful!")).toBeInTheDocument();
    expect(screen.getByText('You have successfully registered for "Safe Storage at Home".')).toBeInTheDocument();
    expect(
      within(dialog()).getByText('You\'re now registered for "Safe Storage at Home". Preparing webinar content...'),
    ).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(TEMP_REGISTRATION_KEY) ?? "null")).toEqual({
      webinarId: "w7",
      userId: "u1",
      timestamp: Date.parse("2026-12-01T18:00:00Z"),
    });

    await advance(1499);
    expect(router.state.location.pathname).toBe("/webinars");
    await advance(1);
    expect(router.state.location.pathname).toBe("/webinar/w7/watch");
    expect(router.state.location.state).toEqual({ justRegistered: true, registrationTime: "2026-12-01T18:00:00Z" });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("already registered (found by the check): the message, closes after 1 s, the watch page 800 ms later", async () => {
    const fetchMock = api(undefined, { registration: makeRegistration() });
    const { router } = await openDialog();
    await advance(0);
    expect(
      within(dialog()).getByText('You\'ve already registered for "Safe Storage at Home". Redirecting to the webinar.'),
    ).toBeInTheDocument();
    expect(within(dialog()).queryByLabelText("Full Name")).not.toBeInTheDocument();

    await advance(999);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    await advance(1);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await advance(799);
    expect(router.state.location.pathname).toBe("/webinars");
    await advance(1);
    expect(router.state.location.pathname).toBe("/webinar/w7/watch");
    expect(fetchMock.mock.calls.some(([u]) => u === "/api/webinars/w7/registrations")).toBe(false);
  });

  it("already registered (created:false from the server) takes the same path, without the marker", async () => {
    api((url, init) =>
      url === "/api/webinars/w7/registrations" && init.method === "POST"
        ? jsonResponse({ registration: makeRegistration(), created: false })
        : undefined,
    );
    const { router } = await openDialog();
    await advance(0);
    await submit();
    expect(within(dialog()).getByText(/You've already registered for "Safe Storage at Home"/)).toBeInTheDocument();
    await advance(1800);
    expect(router.state.location.pathname).toBe("/webinar/w7/watch");
    expect(localStorage.getItem(TEMP_REGISTRATION_KEY)).toBeNull();
  });

  it("fails: 'Registration failed' with the server message, the dialog message, and the form stays", async () => {
    api((url, init) =>
      url === "/api/webinars/w7/registrations" && init.method === "POST"
        ? jsonResponse({ error: { code: "internal", message: "The server had a problem (request 42)." } }, 500)
        : undefined,
    );
    const { router } = await openDialog();
    await advance(0);
    await submit();
    expect(screen.getByText("Registration failed")).toBeInTheDocument();
    expect(screen.getByText("The server had a problem (request 42).")).toBeInTheDocument();
    expect(
      within(dialog()).getByText("There was a problem with your registration. Please try again."),
    ).toBeInTheDocument();
    expect(within(dialog()).getByRole("button", { name: "Confirm Registration" })).toBeEnabled();
    await advance(2000);
    expect(router.state.location.pathname).toBe("/webinars");
  });

  it("puts a server field error next to its field", async () => {
    api((url, init) =>
      url === "/api/webinars/w7/registrations" && init.method === "POST"
        ? jsonResponse(
            { error: { code: "validation_failed", message: "Please enter a valid phone number", field: "phone" } },
            400,
          )
        : undefined,
    );
    await openDialog();
    await advance(0);
    // Passes the form's own check; the server is stricter.
    fireEvent.change(within(dialog()).getByLabelText("Phone Number (Optional)"), { target: { value: "630 555 01999" } });
    await submit();
    const phone = within(dialog()).getByLabelText("Phone Number (Optional)");
    expect(phone).toHaveAttribute("aria-invalid", "true");
    expect(within(dialog()).getByText("Please enter a valid phone number")).toBeInTheDocument();
    expect(screen.getByText("Registration failed")).toBeInTheDocument();
  });

  it("shows the form when the status check fails (the registration itself decides)", async () => {
    api((url) =>
      url === "/api/webinars/w7/registration"
        ? jsonResponse({ error: { code: "internal", message: "boom" } }, 500)
        : undefined,
    );
    await openDialog();
    await advance(5000); // one retry (docs/product.md#timings-and-constants), then the form
    expect(within(dialog()).getByLabelText("Full Name")).toBeInTheDocument();
  });
});
