import { focusManager } from "@tanstack/react-query";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { notify } from "@/lib/toast";
import { adminSession, jsonResponse, mockApi, renderApp } from "@/test/utils";
import { AdminGiveawayWinnersPage } from "./admin-giveaway-winners-page";

type Handler = (url: string, init: RequestInit) => Response | Promise<Response> | undefined;
type ApiWinner = {
  id: string;
  user_id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  webinar_id: string;
  webinar_title: string | null;
  created_at: string;
  notified: boolean;
  notified_at: string | null;
  staff_at_draw: boolean;
};

const pending: ApiWinner = {
  id: "g1",
  user_id: "u1",
  email: "sam@example.com",
  first_name: "Sam",
  last_name: "Carter",
  webinar_id: "w1",
  webinar_title: "Pistol Basics",
  created_at: "2026-12-04T00:30:00Z",
  notified: false,
  notified_at: null,
  staff_at_draw: false,
};
const notified: ApiWinner = {
  id: "g2",
  user_id: "u2",
  email: null,
  first_name: null,
  last_name: null,
  webinar_id: "w2",
  webinar_title: null,
  created_at: "2026-07-15T17:00:00Z",
  notified: true,
  notified_at: "2026-07-16T17:00:00Z",
  staff_at_draw: false,
};

function renderPage(handler: Handler) {
  const fetchMock = mockApi(adminSession, handler);
  const utils = renderApp(<AdminGiveawayWinnersPage />, {
    path: "/admin/giveaway-winners",
    initialEntries: ["/admin/giveaway-winners"],
  });
  return { ...utils, fetchMock };
}

function listing(winners: () => ApiWinner[]): Handler {
  return (url, init) =>
    url === "/api/admin/giveaway-winners" && (init.method ?? "GET") === "GET" ? jsonResponse({ winners: winners() }) : undefined;
}

const rows = async () => {
  const table = await screen.findByRole("table", { name: "Giveaway winners" });
  await within(table).findAllByRole("rowheader");
  return within(table).getAllByRole("row").slice(1);
};

beforeEach(() => notify.dismiss());

describe("AdminGiveawayWinnersPage table", () => {
  it("lists winners with the columns of docs/product.md#admin-screens, unknowns, the store zone and both statuses", async () => {
    renderPage(listing(() => [pending, notified]));
    expect(await screen.findByRole("heading", { level: 1, name: "Giveaway Winners" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Admin Dashboard" })).toHaveAttribute("href", "/admin");
    const table = await screen.findByRole("table", { name: "Giveaway winners" });
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Winner",
      "Webinar",
      "Date Picked",
      "Status",
      "Actions",
    ]);
    const [first, second] = await rows();
    const a = within(first);
    expect(a.getByRole("rowheader")).toHaveTextContent("Sam Carter");
    expect(a.getByRole("rowheader")).toHaveTextContent("sam@example.com");
    expect(a.getByText("Pistol Basics")).toBeInTheDocument();
    expect(a.getByRole("cell", { name: "December 3, 2026 at 6:30 PM CST" })).toBeInTheDocument();
    expect(a.getByText("Pending")).toBeInTheDocument();
    expect(a.getByRole("button", { name: "Send Notification" })).toBeEnabled();
    expect(a.getByRole("button", { name: "Pick New Winner" })).toBeEnabled();

    const b = within(second);
    expect(b.getByRole("rowheader")).toHaveTextContent("Unknown");
    expect(b.getByText("Unknown Webinar")).toBeInTheDocument();
    expect(b.getByRole("cell", { name: "July 15, 2026 at 12:00 PM CDT" })).toBeInTheDocument();
    expect(b.getByText("Notified")).toBeInTheDocument();
    expect(b.getByRole("button", { name: "Send Notification" })).toBeDisabled();
  });

  it("marks a past winner who was staff or an admin when drawn, and no one else", async () => {
    const staff: ApiWinner = { ...pending, id: "g3", user_id: "u3", email: "admin@example.com", staff_at_draw: true };
    renderPage(listing(() => [staff, pending]));
    const [first, second] = await rows();
    expect(within(first).getByRole("rowheader")).toHaveTextContent("Staff or admin when drawn");
    expect(within(second).queryByText("Staff or admin when drawn")).not.toBeInTheDocument();
  });

  it("has loading, empty and error states", async () => {
    let answer: (r: Response) => void = () => {};
    renderPage((url) =>
      url === "/api/admin/giveaway-winners" ? new Promise<Response>((resolve) => (answer = resolve)) : undefined,
    );
    expect(await screen.findByText("Loading giveaway winners...")).toBeInTheDocument();
    answer(jsonResponse({ winners: [] }));
    expect(await screen.findByText(/No giveaway winners yet/)).toBeInTheDocument();
  });

  it("says so when the list cannot be loaded", async () => {
    renderPage((url) =>
      url === "/api/admin/giveaway-winners"
        ? jsonResponse({ error: { code: "internal", message: "Boom" } }, 500)
        : undefined,
    );
    expect(await screen.findByText("Error loading giveaway winners. Please try again later.")).toBeInTheDocument();
  });
});

describe("freshness (docs/product.md#timings-and-constants admin data)", () => {
  it("reloads on focus and keeps nothing cached once the screen is gone", async () => {
    const { fetchMock, queryClient, unmount } = renderPage(listing(() => [pending]));
    await rows();
    const loads = () => fetchMock.mock.calls.filter(([u]) => u === "/api/admin/giveaway-winners").length;
    expect(loads()).toBe(1);
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(loads()).toBe(2));
    act(() => focusManager.setFocused(undefined));
    unmount();
    await waitFor(() => expect(queryClient.getQueryCache().find({ queryKey: ["giveaway", "winners"] })).toBeUndefined());
  });

  it("retries a failed load once", async () => {
    const { fetchMock } = renderPage((url) =>
      url === "/api/admin/giveaway-winners" ? jsonResponse({ error: { code: "internal", message: "Boom" } }, 500) : undefined,
    );
    expect(await screen.findByText("Error loading giveaway winners. Please try again later.")).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([u]) => u === "/api/admin/giveaway-winners")).toHaveLength(2);
  });
});

describe("Send Notification", () => {
  it("notifies the winner: 'Notification Sent', and the row turns Notified", async () => {
    const winner = { ...pending };
    const posts: string[] = [];
    renderPage((url, init) => {
      if (url === `/api/admin/giveaway-winners/${pending.id}/notify` && init.method === "POST") {
        posts.push(url);
        Object.assign(winner, { notified: true, notified_at: "2026-12-05T18:00:00Z" });
        return jsonResponse({ winner });
      }
      return listing(() => [winner])(url, init);
    });
    const [row] = await rows();
    await userEvent.click(within(row).getByRole("button", { name: "Send Notification" }));
    expect(await screen.findByText("Notification Sent")).toBeInTheDocument();
    expect(await within(row).findByText("Notified")).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "Send Notification" })).toBeDisabled();
    expect(posts).toHaveLength(1);
  });

  it("shows 'Failed to send notification: …' with the server's message", async () => {
    const message = "The winner's account was deleted, so there is no address to write to.";
    renderPage((url, init) =>
      url === `/api/admin/giveaway-winners/${pending.id}/notify` && init.method === "POST"
        ? jsonResponse({ error: { code: "winner_account_deleted", message } }, 409)
        : listing(() => [pending])(url, init),
    );
    const [row] = await rows();
    await userEvent.click(within(row).getByRole("button", { name: "Send Notification" }));
    expect(await screen.findByText(`Failed to send notification: ${message}`)).toBeInTheDocument();
    expect(within(row).getByText("Pending")).toBeInTheDocument();
  });
});

describe("Pick New Winner", () => {
  it("draws again for the row's webinar after a confirmation: 'New Winner Picked'", async () => {
    const fresh: ApiWinner = {
      ...pending,
      id: "g3",
      user_id: "u9",
      email: "lee@example.com",
      first_name: "Lee",
      last_name: "Park",
      created_at: "2026-12-06T18:00:00Z",
    };
    let winners = [pending];
    const draws: string[] = [];
    const bodies: unknown[] = [];
    renderPage((url, init) => {
      if (url.endsWith("/giveaway/draw") && init.method === "POST") {
        draws.push(url);
        bodies.push(JSON.parse(String(init.body)));
        winners = [fresh, pending];
        return jsonResponse({ winner: fresh, draw: { id: "d1" } }, 201);
      }
      return listing(() => winners)(url, init);
    });
    const [row] = await rows();
    await userEvent.click(within(row).getByRole("button", { name: "Pick New Winner" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Pick a new winner?" });
    expect(dialog).toHaveTextContent("Pistol Basics");
    await userEvent.type(within(dialog).getByLabelText("Reason"), "The winner did not claim.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Pick New Winner" }));
    expect(await screen.findByText("New Winner Picked")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(draws).toEqual(["/api/admin/webinars/w1/giveaway/draw"]);
    expect(bodies).toEqual([{ reason: "The winner did not claim." }]);
    await waitFor(async () => expect(await rows()).toHaveLength(2));
    expect((await rows())[0]).toHaveTextContent("Lee Park");
  });

  it("asks for a reason under its field and draws nothing without one", async () => {
    const { fetchMock } = renderPage(listing(() => [pending]));
    const [row] = await rows();
    await userEvent.click(within(row).getByRole("button", { name: "Pick New Winner" }));
    const dialog = await screen.findByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Pick New Winner" }));
    const field = within(dialog).getByLabelText("Reason");
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveAccessibleDescription(expect.stringContaining("Please say why a new winner is needed."));
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith("/giveaway/draw"))).toBe(false);
  });

  it("Cancel draws nothing", async () => {
    const { fetchMock } = renderPage(listing(() => [pending]));
    const [row] = await rows();
    await userEvent.click(within(row).getByRole("button", { name: "Pick New Winner" }));
    const dialog = await screen.findByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith("/giveaway/draw"))).toBe(false);
  });

  it("shows 'Failed to pick new winner' with the reason", async () => {
    const message = "This webinar has no paid registrants yet, so there is no one to pick a winner from.";
    renderPage((url, init) =>
      url.endsWith("/giveaway/draw") && init.method === "POST"
        ? jsonResponse({ error: { code: "no_entrants", message } }, 409)
        : listing(() => [pending])(url, init),
    );
    const [row] = await rows();
    await userEvent.click(within(row).getByRole("button", { name: "Pick New Winner" }));
    const dialog = await screen.findByRole("alertdialog");
    await userEvent.type(within(dialog).getByLabelText("Reason"), "The winner did not claim.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Pick New Winner" }));
    expect(await screen.findByText("Failed to pick new winner")).toBeInTheDocument();
    expect(within(dialog).getByRole("alert")).toHaveTextContent(message);
  });
});
