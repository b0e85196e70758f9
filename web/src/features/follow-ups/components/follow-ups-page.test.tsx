import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { adminSession, jsonResponse, mockApi, renderApp } from "@/test/utils";
import { makeAdminWebinar } from "@/test/webinars";
import { AdminFollowUpsPage } from "./follow-ups-page";

const templates = {
  templates: [
    { segment: "left_before", label: "Left before a point", subject: "Pick up {webinar_title}", body: "Hi {first_name}: {resume_link}" },
    { segment: "not_bought", label: "Watched 90 % but did not buy", subject: "Thanks", body: "Thanks {first_name}" },
    { segment: "never_started", label: "Never started", subject: "Waiting", body: "Ready: {resume_link}" },
  ],
  placeholders: ["{first_name}", "{webinar_title}", "{resume_link}"],
};
const preview = {
  count: 1,
  recipients: [{ name: "Robin Waits", email: "robin@example.com", percent: 40, resume_seconds: 240 }],
  left_out: { recent: 1, unsubscribed: 2 },
};

function server() {
  const calls: { method: string; url: string; body: unknown }[] = [];
  mockApi(adminSession, (url, init) => {
    const method = init.method ?? "GET";
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (url === "/api/admin/webinars") return jsonResponse({ webinars: [makeAdminWebinar({ id: "w1", title: "Holster Fundamentals" })] });
    if (url === "/api/admin/follow-ups/templates") return jsonResponse(templates);
    if (url.startsWith("/api/admin/webinars/w1/follow-ups/preview")) return jsonResponse(preview);
    if (url === "/api/admin/webinars/w1/follow-ups" && method === "POST")
      return jsonResponse({ id: "f1", queued: 1, left_out: { recent: 1, unsubscribed: 2 } }, 201);
    if (url === "/api/admin/webinars/w1/follow-ups") return jsonResponse({ follow_ups: [] });
    return undefined;
  });
  return calls;
}

describe("AdminFollowUpsPage", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("previews a segment and sends once behind a confirmation", async () => {
    const calls = server();
    renderApp(<AdminFollowUpsPage />, { initialEntries: ["/?webinar=w1"] });
    await waitFor(() => expect(screen.getByLabelText("Subject")).toHaveValue("Pick up {webinar_title}"));
    await screen.findByRole("option", { name: "Holster Fundamentals" });
    await waitFor(() => expect(screen.getByLabelText("Webinar")).toHaveValue("w1"));
    await userEvent.clear(screen.getByLabelText("Left before (%)"));
    await userEvent.type(screen.getByLabelText("Left before (%)"), "45");

    await userEvent.click(screen.getByRole("button", { name: "Preview recipients" }));
    const table = await screen.findByRole("table", { name: "Recipients" });
    expect(within(table).getByText("robin@example.com")).toBeInTheDocument();
    expect(within(table).getByText("4:00")).toBeInTheDocument();
    expect(screen.getByText("Left out: 1 followed up this week, 2 unsubscribed.")).toBeInTheDocument();
    expect(calls.some((c) => c.url === "/api/admin/webinars/w1/follow-ups/preview?segment=left_before&percent=45&days=3")).toBe(true);

    await userEvent.click(screen.getByRole("button", { name: "Send to 1 person" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Send this follow-up to 1 person?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Send" }));
    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent("Queued 1 follow-up. Left out: 1 followed up this week, 2 unsubscribed."),
    );
    const posts = calls.filter((c) => c.method === "POST");
    expect(posts).toEqual([
      {
        method: "POST",
        url: "/api/admin/webinars/w1/follow-ups",
        body: { segment: "left_before", percent: 45, days: 3, subject: "Pick up {webinar_title}", body: "Hi {first_name}: {resume_link}" },
      },
    ]);
  });

  it("switches to the segment's template and asks for a webinar before a preview", async () => {
    const calls = server();
    renderApp(<AdminFollowUpsPage />);
    await screen.findByRole("option", { name: "Holster Fundamentals" });
    await userEvent.click(screen.getByRole("radio", { name: /Never started/ }));
    await waitFor(() => expect(screen.getByLabelText("Subject")).toHaveValue("Waiting"));
    await userEvent.click(screen.getByRole("button", { name: "Preview recipients" }));
    expect(await screen.findByText("Choose a webinar.")).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes("/preview"))).toBe(false);
  });
});
