import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { adminSession, jsonResponse, mockApi, renderApp } from "@/test/utils";
import { WaitlistCountButton } from "./waitlist-count-button";

const counts = { webinars: { w1: { waiting: 2, offered: 1 }, w3: { waiting: 0, offered: 0 } } };

const entries = [
  {
    position: null,
    user_id: "u7",
    name: "Jane Doe",
    email: "jane@example.com",
    status: "offered",
    joined_at: "2026-11-20T16:05:00Z",
    offer_expires_at: "2026-11-28T20:00:00Z",
  },
  {
    position: 1,
    user_id: "u8",
    name: "Bob Stone",
    email: "bob@example.com",
    status: "waiting",
    joined_at: "2026-11-21T18:30:00Z",
    offer_expires_at: null,
  },
];

function renderRows(webinars: { id: string; title: string }[], list: Record<string, unknown[]> = {}) {
  const calls: string[] = [];
  mockApi(adminSession, (url) => {
    if (url.startsWith("/api/admin/")) calls.push(url);
    if (url === "/api/admin/waitlist") return jsonResponse(counts);
    const m = /^\/api\/admin\/webinars\/(\w+)\/waitlist$/.exec(url);
    if (m) return jsonResponse({ entries: list[m[1]] ?? [] });
    return undefined;
  });
  renderApp(
    <ul>
      {webinars.map((w) => (
        <li key={w.id}>
          {w.title}: <WaitlistCountButton webinar={w} />
        </li>
      ))}
    </ul>,
  );
  return { calls };
}

describe("WaitlistCountButton", () => {
  it("shows '{N} waiting' for a webinar people wait for, nothing for the others, from one request", async () => {
    const { calls } = renderRows([
      { id: "w1", title: "Pistol Basics" },
      { id: "w2", title: "Holster Fundamentals" },
    ]);
    const button = await screen.findByRole("button", { name: "2 waiting for Pistol Basics" });
    expect(button).toHaveTextContent("2 waiting");
    expect(screen.getAllByRole("button")).toHaveLength(1);
    expect(calls.filter((c) => c === "/api/admin/waitlist")).toHaveLength(1);
  });

  it("opens 'Waiting list — {title}': #, Name, E-mail, Status and Joined, the seat held first, then the line", async () => {
    renderRows([{ id: "w1", title: "Pistol Basics" }], { w1: entries });
    await userEvent.click(await screen.findByRole("button", { name: "2 waiting for Pistol Basics" }));
    const dialog = await screen.findByRole("dialog", { name: "Waiting list — Pistol Basics" });
    expect(within(dialog).getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "#",
      "Name",
      "E-mail",
      "Status",
      "Joined",
    ]);
    const jane = (await within(dialog).findByRole("rowheader", { name: "Jane Doe" })).closest("tr")!;
    expect(within(jane).getAllByRole("cell").map((c) => c.textContent)).toEqual([
      "—",
      "jane@example.com",
      "Seat held until November 28, 2026 at 2:00 PM CST",
      "November 20, 2026 at 10:05 AM CST",
    ]);
    const bob = within(dialog).getByRole("rowheader", { name: "Bob Stone" }).closest("tr")!;
    expect(within(bob).getAllByRole("cell").map((c) => c.textContent)).toEqual([
      "1",
      "bob@example.com",
      "Waiting",
      "November 21, 2026 at 12:30 PM CST",
    ]);
  });

  it("says 'Nobody is waiting.' when the list emptied meanwhile", async () => {
    renderRows([{ id: "w3", title: "Safe Storage" }], { w3: [] });
    await userEvent.click(await screen.findByRole("button", { name: "0 waiting for Safe Storage" }));
    const dialog = await screen.findByRole("dialog", { name: "Waiting list — Safe Storage" });
    expect(await within(dialog).findByText("Nobody is waiting.")).toBeInTheDocument();
  });
});
