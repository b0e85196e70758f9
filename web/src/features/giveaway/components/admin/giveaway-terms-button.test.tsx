import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { adminSession, jsonResponse, mockApi, renderApp } from "@/test/utils";
import { GiveawayTermsButton } from "./giveaway-terms-button";

const url = "/api/admin/webinars/w1/giveaway";
const terms = { webinar_id: "w1", draws_at: "2027-01-06T00:30:00Z", prize_description: null, prize_value_cents: null };

function renderButton() {
  const fetchMock = mockApi(adminSession, (u, init) => {
    if (u !== url) return undefined;
    if (init.method === "PUT") return jsonResponse({ terms: { webinar_id: "w1", ...JSON.parse(String(init.body)) } });
    return jsonResponse({ terms });
  });
  renderApp(<GiveawayTermsButton webinarId="w1" title="Pistol Basics" />);
  return fetchMock;
}

async function openDialog() {
  await userEvent.click(screen.getByRole("button", { name: "Giveaway of Pistol Basics" }));
  return screen.findByRole("form", { name: "Webinar giveaway" });
}

const puts = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([u, init]) => u === url && init?.method === "PUT");

describe("GiveawayTermsButton", () => {
  it("shows the draw date in the store's zone and saves the prize in cents", async () => {
    const fetchMock = renderButton();
    const form = await openDialog();
    // 00:30 UTC on January 6 is 6:30 PM on January 5 in Chicago.
    expect(within(form).getByLabelText("Date")).toHaveValue("2027-01-05");
    expect(within(form).getByLabelText(/^Time/)).toHaveValue("18:30");
    await userEvent.type(within(form).getByLabelText("Prize (optional)"), "A range bag");
    await userEvent.type(within(form).getByLabelText(/Approximate Retail Value/), "$1,250.5");
    await userEvent.click(within(form).getByRole("button", { name: "Save Giveaway" }));
    await waitFor(() => expect(screen.queryByRole("form", { name: "Webinar giveaway" })).not.toBeInTheDocument());
    expect(JSON.parse(String(puts(fetchMock)[0][1]?.body))).toEqual({
      draws_at: "2027-01-06T00:30:00Z",
      prize_description: "A range bag",
      prize_value_cents: 125050,
    });
  });

  it("refuses a prize value of $0 and sends nothing", async () => {
    const fetchMock = renderButton();
    const form = await openDialog();
    await userEvent.type(within(form).getByLabelText(/Approximate Retail Value/), "0");
    await userEvent.click(within(form).getByRole("button", { name: "Save Giveaway" }));
    expect(await within(form).findByText("Prize value must be greater than $0")).toBeInTheDocument();
    expect(puts(fetchMock)).toEqual([]);
  });

  it("refuses a draw time without a date", async () => {
    const fetchMock = renderButton();
    const form = await openDialog();
    await userEvent.clear(within(form).getByLabelText("Date"));
    await userEvent.click(within(form).getByRole("button", { name: "Save Giveaway" }));
    expect(await within(form).findByText("Giveaway draw date must be a valid date and time")).toBeInTheDocument();
    expect(puts(fetchMock)).toEqual([]);
  });
});
