import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { adminSession, jsonResponse, mockApi, renderApp } from "@/test/utils";
import { VideoCardsDialog } from "./video-cards-dialog";

const holster = {
  id: "c1",
  webinar_id: "w1",
  start_second: 10,
  duration_seconds: 8,
  title: "See this holster at the counter",
  line: "Aisle 3",
  action: "link",
  link_url: "/webinars",
  clicks: 2,
};
const overlap = 'This card would share seconds with "See this holster at the counter" (0:10 to 0:18): two cards cannot show at the same second.';

afterEach(() => vi.unstubAllGlobals());

describe("VideoCardsDialog", () => {
  it("lists the cards with their clicks and shows the server's refusal under its field", async () => {
    const sent: unknown[] = [];
    mockApi(adminSession, (url, init) => {
      if (url !== "/api/admin/webinars/w1/cards") return undefined;
      if (init.method === "POST") {
        sent.push(JSON.parse(String(init.body)));
        return jsonResponse({ error: { code: "validation_failed", message: overlap, field: "start_second" } }, 400);
      }
      return jsonResponse({ cards: [holster] });
    });
    renderApp(<VideoCardsDialog webinar={{ id: "w1", title: "Holsters 101", video_length_seconds: 120 }} onClose={() => {}} />);
    const dialog = await screen.findByRole("dialog", { name: "Cards in the video" });
    const row = await within(dialog).findByRole("row", { name: /See this holster at the counter/ });
    expect(row).toHaveTextContent("0:10–0:18");
    expect(within(row).getAllByRole("cell")[2]).toHaveTextContent("2");

    fireEvent.change(within(dialog).getByLabelText("Start (seconds into the video)"), { target: { value: "15" } });
    fireEvent.change(within(dialog).getByLabelText("Title"), { target: { value: "Ask us about this" } });
    fireEvent.click(within(dialog).getByRole("radio", { name: "Ask a question" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Add card" }));
    await waitFor(() => expect(within(dialog).getByLabelText("Start (seconds into the video)")).toHaveAccessibleDescription(/would share seconds/));
    expect(sent).toEqual([
      { start_second: 15, duration_seconds: 10, title: "Ask us about this", line: "", action: "question", link_url: "" },
    ]);
  });

  it("checks the link before sending", async () => {
    const fetchMock = mockApi(adminSession, (url) => (url === "/api/admin/webinars/w1/cards" ? jsonResponse({ cards: [] }) : undefined));
    renderApp(<VideoCardsDialog webinar={{ id: "w1", title: "Holsters 101", video_length_seconds: 120 }} onClose={() => {}} />);
    const dialog = await screen.findByRole("dialog", { name: "Cards in the video" });
    await within(dialog).findByText("No cards yet.");
    fireEvent.change(within(dialog).getByLabelText("Title"), { target: { value: "Shop" } });
    fireEvent.click(within(dialog).getByRole("radio", { name: "Link to a page" }));
    fireEvent.change(within(dialog).getByLabelText("Link", { exact: true }), { target: { value: "//evil.example" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add card" }));
    expect(await within(dialog).findByText(/Link must be a page of this site/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === "POST")).toBe(false);
  });
});
