import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authKeys } from "@/lib/auth/keys";
import type { Session } from "@/lib/auth/session-schemas";
import { notify } from "@/lib/toast";
import { makeRegistration } from "@/test/fixtures";
import { jsonResponse, mockApi, renderApp, userSession } from "@/test/utils";
import { WaitlistPanel, type WaitlistPlace } from "./waitlist-panel";

const none = { status: "none", position: null, waiting: 4, offer_expires_at: null, hold_hours: 24 };
const waiting = (position: number, of: number) => ({ ...none, status: "waiting", position, waiting: of });
// Fixed "now" (only Date is faked): the hold below ends 23 h 30 min later, at 1:30 PM in Chicago.
const NOW = new Date("2026-11-27T20:00:00Z");
const offered = { ...none, status: "offered", waiting: 3, offer_expires_at: "2026-11-28T19:30:00Z" };
const HELD = "A seat is held for you until November 28, 2026 at 1:30 PM CST (23h 30m left).";

function apiError(status: number, code: string, message: string) {
  return jsonResponse({ error: { code, message } }, status);
}

type Route = () => Response | undefined;

/**
 * The server of the panel: my registration for w1 and my standing on its waiting list, which
 * joining and leaving change; `routes` (by "METHOD url") answer first.
 */
function server({
  session = userSession as Session,
  registration = makeRegistration() as ReturnType<typeof makeRegistration> | null,
  standing = none as Record<string, unknown>,
  routes = {} as Record<string, Route>,
} = {}) {
  let current = standing;
  const calls: string[] = [];
  mockApi(session, (url, init) => {
    const method = init.method ?? "GET";
    if (url.startsWith("/api/webinars/")) calls.push(`${method} ${url}`);
    const custom = routes[`${method} ${url}`]?.();
    if (custom) return custom;
    if (url === "/api/webinars/w1/registration") return jsonResponse({ registration });
    if (url === "/api/webinars/w1/waitlist") {
      if (method === "POST") {
        current = waiting(5, 5);
        return jsonResponse(current, 201);
      }
      if (method === "DELETE") current = none;
      return jsonResponse(current);
    }
    return undefined;
  });
  return { calls };
}

function renderPanel(place: WaitlistPlace = "detail", soldOut = true) {
  return renderApp(<WaitlistPanel webinarId="w1" place={place} soldOut={soldOut} />, {
    path: "/webinar/:webinarId",
    initialEntries: ["/webinar/w1"],
  });
}

async function panel() {
  return within(await screen.findByRole("region", { name: "Waiting list" }));
}

beforeEach(() => {
  vi.spyOn(notify, "success");
});

afterEach(() => {
  vi.useRealTimers();
});

describe("WaitlistPanel", () => {
  it("asks a signed-in user who is not registered to register first, and asks nothing of the list", async () => {
    const { calls } = server({ registration: null });
    renderPanel();
    expect(await (await panel()).findByText("Register for this webinar to join its waiting list.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Join the waiting list" })).not.toBeInTheDocument();
    expect(calls).not.toContain("GET /api/webinars/w1/waitlist");
  });

  it("shows nothing to a visitor (the page links them to the login) nor once the seat is bought", async () => {
    const { calls } = server({ session: { user: null, profile: null } });
    const { unmount, queryClient } = renderPanel();
    await waitFor(() => expect(queryClient.getQueryState(authKeys.session())?.status).toBe("success"));
    expect(screen.queryByRole("region", { name: "Waiting list" })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
    unmount();

    const bought = server({ registration: makeRegistration({ purchased_coupon: true }) });
    renderPanel();
    await waitFor(() => expect(bought.calls).toContain("GET /api/webinars/w1/registration"));
    expect(screen.queryByRole("region", { name: "Waiting list" })).not.toBeInTheDocument();
    expect(bought.calls).not.toContain("GET /api/webinars/w1/waitlist");
  });

  it("joins the list: 'Join the waiting list', the toast, then my place", async () => {
    const { calls } = server();
    renderPanel();
    await userEvent.click(await (await panel()).findByRole("button", { name: "Join the waiting list" }));
    expect(await screen.findByText("You're on the waiting list: number 5 of 5.")).toBeInTheDocument();
    expect(calls).toContain("POST /api/webinars/w1/waitlist");
    expect(notify.success).toHaveBeenCalledWith("You're on the waiting list. We'll e-mail you when a seat opens up.");
    expect(screen.queryByRole("button", { name: "Join the waiting list" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Leave the waiting list" })).toBeEnabled();
  });

  it.each([
    [403, "staff_cannot_wait", "Store staff and admins can't join the waiting list."],
    [409, "seats_available", "Seats are still available: you can buy one now."],
  ])("shows the server's refusal (%i %s) under the button", async (status, code, message) => {
    server({ routes: { "POST /api/webinars/w1/waitlist": () => apiError(status, code, message) } });
    renderPanel();
    const p = await panel();
    await userEvent.click(await p.findByRole("button", { name: "Join the waiting list" }));
    expect(await p.findByRole("alert")).toHaveTextContent(message);
    expect(notify.success).not.toHaveBeenCalled();
    expect(p.getByRole("button", { name: "Join the waiting list" })).toBeEnabled();
  });

  it("shows my place while waiting, and leaves the list", async () => {
    const { calls } = server({ standing: waiting(2, 5) });
    renderPanel();
    const p = await panel();
    expect(await p.findByText("You're on the waiting list: number 2 of 5.")).toBeInTheDocument();
    await userEvent.click(p.getByRole("button", { name: "Leave the waiting list" }));
    expect(await p.findByRole("button", { name: "Join the waiting list" })).toBeInTheDocument();
    expect(calls).toContain("DELETE /api/webinars/w1/waitlist");
    expect(notify.success).toHaveBeenCalledWith("You've left the waiting list.");
    expect(p.queryByText(/number 2 of 5/)).not.toBeInTheDocument();
  });

  it("on the detail page, says until when a seat is held for me and links to the coupon page", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
    server({ standing: offered });
    renderPanel("detail");
    const p = await panel();
    expect(await p.findByText(HELD)).toBeInTheDocument();
    expect(p.getByRole("link", { name: "Buy your coupon" })).toHaveAttribute("href", "/webinar/w1/coupon");
    expect(p.queryByRole("button", { name: "Join the waiting list" })).not.toBeInTheDocument();
    expect(p.queryByRole("button", { name: /Pass it on/ })).not.toBeInTheDocument();
  });

  it("while seats are shown (a held seat is not subtracted), shows my place or my held seat, never joining", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
    let r = server({ standing: waiting(2, 5) });
    let utils = renderPanel("detail", false);
    expect(await (await panel()).findByText("You're on the waiting list: number 2 of 5.")).toBeInTheDocument();
    utils.unmount();

    r = server({ standing: offered });
    utils = renderPanel("detail", false);
    expect(await (await panel()).findByText(HELD)).toBeInTheDocument();
    utils.unmount();

    r = server({ standing: none });
    utils = renderPanel("detail", false);
    await waitFor(() => expect(r.calls).toContain("GET /api/webinars/w1/waitlist"));
    await waitFor(() => expect(utils.queryClient.isFetching()).toBe(0));
    expect(screen.queryByRole("region", { name: "Waiting list" })).not.toBeInTheDocument();
    utils.unmount();

    r = server({ registration: null });
    utils = renderPanel("detail", false);
    await waitFor(() => expect(r.calls).toContain("GET /api/webinars/w1/registration"));
    await waitFor(() => expect(utils.queryClient.isFetching()).toBe(0));
    expect(screen.queryByText("Register for this webinar to join its waiting list.")).not.toBeInTheDocument();
  });

  it("on the watch page's card, says only until when (the card has the buy button)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
    server({ standing: offered });
    renderPanel("watch");
    const p = await panel();
    expect(await p.findByText(HELD)).toBeInTheDocument();
    expect(p.queryByRole("link", { name: "Buy your coupon" })).not.toBeInTheDocument();
  });

  it("on the coupon page, passes the held seat on after a confirmation", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
    const { calls } = server({ standing: offered });
    renderPanel("coupon");
    const banner = await screen.findByRole("status", { name: "Seat held for you" });
    expect(await within(banner).findByText(HELD)).toBeInTheDocument();

    // Cancel first: nothing is sent.
    await userEvent.click(within(banner).getByRole("button", { name: "No longer interested? Pass it on" }));
    let dialog = await screen.findByRole("alertdialog", { name: "Pass your seat on to the next person?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(calls).not.toContain("DELETE /api/webinars/w1/waitlist");

    await userEvent.click(within(banner).getByRole("button", { name: "No longer interested? Pass it on" }));
    dialog = await screen.findByRole("alertdialog", { name: "Pass your seat on to the next person?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Pass it on" }));
    expect(await screen.findByRole("button", { name: "Join the waiting list" })).toBeInTheDocument();
    expect(calls).toContain("DELETE /api/webinars/w1/waitlist");
    expect(notify.success).toHaveBeenCalledWith("The seat goes to the next person.");
    expect(screen.queryByText(HELD)).not.toBeInTheDocument();
  });

  it("keeps the confirmation open with the server's message when passing on fails", async () => {
    server({
      standing: offered,
      routes: { "DELETE /api/webinars/w1/waitlist": () => apiError(500, "internal", "The server had a problem.") },
    });
    renderPanel("coupon");
    await userEvent.click(await screen.findByRole("button", { name: "No longer interested? Pass it on" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Pass your seat on to the next person?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Pass it on" }));
    expect(await within(dialog).findByText("The server had a problem.")).toBeInTheDocument();
    expect(notify.success).not.toHaveBeenCalled();
  });

  it("asks again when the hold has run out: the seat went to the next person", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
    let lapsed = false;
    const { calls } = server({
      routes: {
        "GET /api/webinars/w1/waitlist": () => {
          const answer = lapsed ? none : { ...offered, offer_expires_at: "2026-11-27T19:59:00Z" };
          lapsed = true;
          return jsonResponse(answer);
        },
      },
    });
    renderPanel("detail");
    expect(await screen.findByRole("button", { name: "Join the waiting list" })).toBeInTheDocument();
    expect(calls.filter((c) => c === "GET /api/webinars/w1/waitlist")).toHaveLength(2);
  });
});
