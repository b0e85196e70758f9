import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi, renderApp, userSession } from "@/test/utils";
import type { VideoCard } from "@/lib/video-cards/schemas";
import { VideoCards } from "./video-cards";
import { startFromLink } from "./webinar-watch-page";

const holster: VideoCard = {
  id: "c1",
  webinar_id: "w1",
  start_second: 10,
  duration_seconds: 10,
  title: "See this holster at the counter",
  line: "Aisle 3, next to the register",
  action: "link",
  link_url: "/webinars",
};
const ask: VideoCard = { ...holster, id: "c2", start_second: 20, title: "Ask us about this", line: "", action: "question", link_url: "" };

afterEach(() => vi.unstubAllGlobals());

function clicks(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls.filter(([url]) => String(url).endsWith("/click")).map(([url]) => String(url));
}

describe("VideoCards", () => {
  it("shows nothing before a card's second, and the announcement region is there already", () => {
    mockApi(userSession);
    renderApp(<VideoCards webinarId="w1" cards={[holster, ask]} second={9} />);
    expect(document.querySelector('[aria-live="polite"]')).toHaveTextContent("");
    expect(screen.queryByRole("group", { name: /Card:/ })).not.toBeInTheDocument();
  });

  it("appears at its second with its link, hides on request, and a question card asks only with a handler", async () => {
    const fetchMock = mockApi(userSession, (url) => (url.endsWith("/click") ? new Response(null, { status: 204 }) : undefined));
    const onAsk = vi.fn();
    const view = renderApp(<VideoCards webinarId="w1" cards={[holster, ask]} second={12} onAskQuestion={onAsk} />);
    const card = await screen.findByRole("group", { name: "Card: See this holster at the counter" });
    expect(card).toHaveTextContent("Aisle 3, next to the register");
    expect(document.querySelector('[aria-live="polite"]')).toHaveTextContent(
      "Card: See this holster at the counter. Aisle 3, next to the register",
    );
    const link = screen.getByRole("link", { name: /See it on our site/ });
    expect(link).toHaveAttribute("href", "/webinars");
    expect(link).toHaveAttribute("target", "_blank");
    link.addEventListener("click", (e) => e.preventDefault());
    fireEvent.click(link);
    fireEvent.click(link);
    await waitFor(() => expect(clicks(fetchMock)).toEqual(["/api/webinars/w1/cards/c1/click"]));

    fireEvent.click(screen.getByRole("button", { name: "Hide card: See this holster at the counter" }));
    expect(screen.queryByRole("group", { name: /Card:/ })).not.toBeInTheDocument();
    view.unmount();

    renderApp(<VideoCards webinarId="w1" cards={[holster, ask]} second={25} onAskQuestion={onAsk} />);
    fireEvent.click(await screen.findByRole("button", { name: "Ask a question" }));
    expect(onAsk).toHaveBeenCalledWith(25);
  });

  it("shows a question card without a button when nothing takes questions", async () => {
    mockApi(userSession);
    renderApp(<VideoCards webinarId="w1" cards={[ask]} second={20} />);
    expect(await screen.findByRole("group", { name: "Card: Ask us about this" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Ask a question" })).not.toBeInTheDocument();
  });
});

describe("startFromLink", () => {
  it("takes whole seconds inside the video", () => {
    expect(startFromLink("48", 120)).toBe(48);
    expect(startFromLink(null, 120)).toBeNull();
    expect(startFromLink("0", 120)).toBeNull();
    expect(startFromLink("120", 120)).toBeNull();
    expect(startFromLink("4.5", 120)).toBeNull();
    expect(startFromLink("-3", 120)).toBeNull();
    expect(startFromLink("abc", 120)).toBeNull();
    expect(startFromLink("600", null)).toBe(600);
  });
});
