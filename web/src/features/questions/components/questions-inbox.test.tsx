import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, mockApi, renderApp, staffSession } from "@/test/utils";
import { QuestionsInbox } from "./questions-inbox";

const base = {
  webinar_id: "w1",
  webinar_title: "Holster Fundamentals",
  asker_name: "Sam",
  show_name: true,
  created_at: "2026-11-27T20:00:00Z",
  answered_at: null,
  published_at: null,
};
const fresh = { ...base, id: "q1", second: 30, question: "Does it fit a P365?", status: "new", answer: null };
const answered = { ...base, id: "q2", second: 95, question: "Open Sunday?", status: "answered", answer: "From 9 to 5." };
const counts = { new: 1, answered: 1, published: 0, hidden: 0 };

function server() {
  const posts: { url: string; body: unknown }[] = [];
  mockApi(staffSession, (url, init) => {
    if (init.method === "POST") {
      posts.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      return jsonResponse({ ...fresh, status: "answered", answer: "Yes." });
    }
    if (url === "/api/counter/questions?status=new") return jsonResponse({ questions: [fresh], counts });
    if (url === "/api/counter/questions?status=answered") return jsonResponse({ questions: [answered], counts });
    return undefined;
  });
  return posts;
}

describe("QuestionsInbox", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("answers a new question and publishes an answered one", async () => {
    const posts = server();
    renderApp(<QuestionsInbox />);
    const card = await screen.findByRole("group", { name: "Question about Holster Fundamentals at 0:30" });
    expect(card).toHaveTextContent("Does it fit a P365?");
    expect(within(card).getByRole("link", { name: "Watch at 0:30" })).toHaveAttribute("href", "/webinar/w1/watch?t=30");
    expect(screen.getByRole("tab", { name: "New (1)" })).toHaveAttribute("aria-selected", "true");

    await userEvent.type(within(card).getByLabelText("Your answer"), "Yes.");
    await userEvent.click(within(card).getByRole("button", { name: "Send answer" }));
    await waitFor(() => expect(posts).toEqual([{ url: "/api/counter/questions/q1/answer", body: { answer: "Yes." } }]));

    await userEvent.click(screen.getByRole("tab", { name: "Answered (1)" }));
    const done = await screen.findByRole("group", { name: "Question about Holster Fundamentals at 1:35" });
    expect(done).toHaveTextContent("From 9 to 5.");
    await userEvent.click(within(done).getByRole("button", { name: "Publish under the video" }));
    await waitFor(() => expect(posts.at(-1)).toEqual({ url: "/api/counter/questions/q2/publish", body: undefined }));
  });
});
