import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { jsonResponse, mockApi, renderApp, staffSession, userSession } from "@/test/utils";
import { GiveawayEntryCard } from "./giveaway-entry-card";

const rules = {
  sponsor_name: "WatchWin",
  sponsor_address: "1847 W Ogden Ave, Naperville, IL 60540",
  prize_description: "A range bag",
  prize_value_cents: 8999,
  min_age: 21,
  residency: "Legal residents of the United States",
  extra_eligibility: "",
  notify_days: 7,
  claim_days: 14,
};

const giveaway = (entry: unknown = null) => ({
  webinar_id: "w1",
  title: "Range Day",
  event_datetime: "2027-01-15T00:30:00Z",
  opens_at: "2026-11-01T00:00:00Z",
  draws_at: "2027-02-14T00:30:00Z",
  draws_at_default: true,
  prize_description: "A range bag",
  prize_value_cents: 8999,
  open: true,
  commitment: "c".repeat(64),
  committed_at: "2026-11-01T00:00:00Z",
  seed: null,
  draws: [],
  entry,
});

describe("GiveawayEntryCard", () => {
  it("lets a signed-in user enter free after confirming eligibility and the rules", async () => {
    let posted: unknown = null;
    mockApi(userSession, (url, init) => {
      if (url === "/api/giveaway/rules") return jsonResponse({ rules, webinars: [] });
      if (url === "/api/webinars/w1/giveaway") return jsonResponse({ giveaway: giveaway(posted ? { kind: "free", entered_at: "2026-11-25T00:00:00Z" } : null) });
      if (url === "/api/webinars/w1/giveaway/entries" && init?.method === "POST") {
        posted = JSON.parse(String(init.body));
        return jsonResponse({ entry: { kind: "free", entered_at: "2026-11-25T00:00:00Z" }, created: true }, 201);
      }
      return undefined;
    });
    renderApp(<GiveawayEntryCard webinarId="w1" />);
    expect(await screen.findByText("No purchase necessary. A purchase does not improve your chances of winning.")).toBeInTheDocument();
    expect(screen.getByText(/approximate retail value \$89\.99/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Official Giveaway Rules" })).toHaveAttribute("href", "/giveaway-rules");
    expect(screen.getByText(/Draw commitment \(SHA-256 of the secret seed\)/)).toHaveTextContent("c".repeat(64));

    await userEvent.click(screen.getByRole("button", { name: "Enter the giveaway without purchase" }));
    await userEvent.click(screen.getByRole("button", { name: "Enter the Giveaway" }));
    expect(screen.getByText("Please confirm that you meet the eligibility requirements.")).toBeInTheDocument();
    expect(screen.getByText("Please agree to the official rules.")).toBeInTheDocument();
    expect(posted).toBeNull();

    await userEvent.click(screen.getByRole("checkbox", { name: /I am 21 or older/ }));
    await userEvent.click(screen.getByRole("checkbox", { name: /I agree to the Official Rules/ }));
    await userEvent.click(screen.getByRole("button", { name: "Enter the Giveaway" }));
    expect(await screen.findByText("You're entered in the giveaway")).toBeInTheDocument();
    expect(posted).toEqual({ eligible: true, accept_rules: true, show_name: false });
  });

  it("tells store staff they may not enter", async () => {
    mockApi(staffSession, (url) => {
      if (url === "/api/giveaway/rules") return jsonResponse({ rules, webinars: [] });
      if (url === "/api/webinars/w1/giveaway") return jsonResponse({ giveaway: giveaway() });
      return undefined;
    });
    renderApp(<GiveawayEntryCard webinarId="w1" />);
    expect(await screen.findByText("Store staff and administrators may not enter the giveaway.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Enter the giveaway without purchase" })).not.toBeInTheDocument();
  });

  it("shows the server's refusal of an unconfirmed e-mail address", async () => {
    const message = "Please confirm your e-mail address before entering the giveaway. We can send the link again.";
    mockApi(userSession, (url, init) => {
      if (url === "/api/giveaway/rules") return jsonResponse({ rules, webinars: [] });
      if (url === "/api/webinars/w1/giveaway") return jsonResponse({ giveaway: giveaway() });
      if (url === "/api/webinars/w1/giveaway/entries" && init?.method === "POST")
        return jsonResponse({ error: { code: "email_not_confirmed", message } }, 403);
      return undefined;
    });
    renderApp(<GiveawayEntryCard webinarId="w1" />);
    await userEvent.click(await screen.findByRole("button", { name: "Enter the giveaway without purchase" }));
    await userEvent.click(screen.getByRole("checkbox", { name: /I am 21 or older/ }));
    await userEvent.click(screen.getByRole("checkbox", { name: /I agree to the Official Rules/ }));
    await userEvent.click(screen.getByRole("button", { name: "Enter the Giveaway" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});
