import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeRegistration } from "@/test/fixtures";
import { jsonResponse, mockApi, renderApp, userSession } from "@/test/utils";
import { WatchQuestions } from "./watch-questions";

const published = {
  questions: [
    { id: "q1", second: 30, question: "Does it fit a P365?", answer: "Yes, with the XL grip.", name: "Test", published_at: "2026-11-27T20:00:00Z" },
    { id: "q2", second: 95, question: "Open Sunday?", answer: "From 9 to 5.", name: null, published_at: "2026-11-27T20:00:00Z" },
  ],
};

/** The server of the box: published answers, and the question sent (or `refuse` answering it). */
function server(refuse?: Response, registered = true) {
  const sent: unknown[] = [];
  mockApi(userSession, (url, init) => {
    if (url === "/api/webinars/w1/registration") return jsonResponse({ registration: registered ? makeRegistration() : null });
    if (url !== "/api/webinars/w1/questions") return undefined;
    if (init.method === "POST") {
      sent.push(JSON.parse(String(init.body)));
      return refuse ?? jsonResponse({ id: "q9", second: 30, question: "Hi there", status: "new" }, 201);
    }
    return jsonResponse(published);
  });
  return sent;
}

function renderBox(second = 30.7) {
  return renderApp(<WatchQuestions webinarId="w1" currentSecond={() => second} />, {
    path: "/webinar/:webinarId/watch",
    initialEntries: ["/webinar/w1/watch"],
  });
}

describe("WatchQuestions", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends the question with the player's whole second and the name choice, and says so", async () => {
    const sent = server();
    renderBox();
    await userEvent.type(await screen.findByLabelText("Your question to the store"), "  Hi there ");
    await userEvent.click(screen.getByRole("checkbox", { name: /show my first name/ }));
    await userEvent.click(screen.getByRole("button", { name: "Send question" }));
    await waitFor(() => expect(sent).toEqual([{ question: "Hi there", second: 30, show_name: true }]));
    expect(await screen.findByText("Sent (asked at 0:30). We'll e-mail you the answer.")).toBeInTheDocument();
    expect(screen.getByLabelText("Your question to the store")).toHaveValue("");
  });

  it("shows the server's refusal under the field", async () => {
    server(jsonResponse({ error: { code: "invalid", field: "question", message: "Question can't contain a web address, an @ or a control character" } }, 400));
    renderBox();
    await userEvent.type(await screen.findByLabelText("Your question to the store"), "see evil.example");
    await userEvent.click(screen.getByRole("button", { name: "Send question" }));
    expect(await screen.findByText("Question can't contain a web address, an @ or a control character")).toBeInTheDocument();
    expect(screen.getByLabelText("Your question to the store")).toHaveAttribute("aria-invalid", "true");
  });

  it("offers no box to a viewer without a registration (an admin's preview), but shows the answers", async () => {
    server(undefined, false);
    renderBox();
    await screen.findByRole("region", { name: "Questions answered by the store" });
    expect(screen.queryByRole("form", { name: "Ask a question" })).not.toBeInTheDocument();
  });

  it("lists the published answers at their time, with the first name only when allowed", async () => {
    server();
    renderBox();
    const section = await screen.findByRole("region", { name: "Questions answered by the store" });
    const items = within(section).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("Test asked at 0:30Does it fit a P365?Yes, with the XL grip.");
    expect(items[1]).toHaveTextContent("Asked at 1:35Open Sunday?From 9 to 5.");
  });
});
