import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse, mockApi, renderApp } from "@/test/utils";
import { makeWebinar } from "@/test/webinars";
import { FIRST_CARDS } from "./webinar-list";
import { WebinarsPage } from "./webinars-page";
import { WebinarsSection } from "./webinars-section";

function never(): Promise<Response> {
  return new Promise(() => {});
}

describe("WebinarsSection", () => {
  it("is the #webinars section titled 'Video Webinars & Coupons'", async () => {
    mockApi(undefined, (url) => (url === "/api/webinars" ? jsonResponse({ webinars: [] }) : undefined));
    renderApp(<WebinarsSection />);
    const heading = await screen.findByRole("heading", { name: "Video Webinars & Coupons" });
    expect(heading.closest("section")).toHaveAttribute("id", "webinars");
  });

  it("shows three skeleton cards while loading", async () => {
    mockApi(undefined, (url) => (url === "/api/webinars" ? never() : undefined));
    renderApp(<WebinarsSection />);
    const loading = await screen.findByRole("status", { name: "Loading webinars" });
    expect(within(loading).getAllByTestId("webinar-card-skeleton")).toHaveLength(3);
  });

  it("shows 'Unable to Load Webinars' with the detail on error", async () => {
    mockApi(undefined, (url) =>
      url === "/api/webinars"
        ? jsonResponse({ error: { code: "internal", message: "Database is down (request abc)" } }, 500)
        : undefined,
    );
    renderApp(<WebinarsSection />);
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Unable to Load Webinars")).toBeInTheDocument();
    expect(within(alert).getByText("Failed to fetch webinars: Database is down (request abc)")).toBeInTheDocument();
    expect(within(alert).getByRole("button", { name: "Try Again" })).toBeInTheDocument();
  });

  it("shows the empty state when nothing is scheduled", async () => {
    mockApi(undefined, (url) => (url === "/api/webinars" ? jsonResponse({ webinars: [] }) : undefined));
    renderApp(<WebinarsSection />);
    expect(
      await screen.findByText("No upcoming webinars are scheduled right now. Please check back soon."),
    ).toBeInTheDocument();
  });

  it("shows a card per webinar in the server's order", async () => {
    const webinars = [makeWebinar({ title: "Night Sights 101" }), makeWebinar({ title: "Holster Fitting" })];
    mockApi(undefined, (url) => (url === "/api/webinars" ? jsonResponse({ webinars }) : undefined));
    renderApp(<WebinarsSection />);
    await screen.findByRole("article", { name: "Night Sights 101" });
    expect(screen.getAllByRole("article").map((a) => within(a).getByRole("heading").textContent)).toEqual([
      "Night Sights 101",
      "Holster Fitting",
    ]);
  });

  it("draws a long list's first cards, then every card in order", async () => {
    const titles = Array.from({ length: FIRST_CARDS + 4 }, (_, i) => `Webinar ${i + 1}`);
    mockApi(undefined, (url) =>
      url === "/api/webinars" ? jsonResponse({ webinars: titles.map((title) => makeWebinar({ title })) }) : undefined,
    );
    renderApp(<WebinarsSection />);
    await screen.findByRole("article", { name: `Webinar ${FIRST_CARDS + 4}` });
    expect(screen.getAllByRole("article").map((a) => within(a).getByRole("heading").textContent)).toEqual(titles);
  });
});

describe("WebinarsPage", () => {
  it("is titled 'Upcoming Webinars' and lists the webinars", async () => {
    mockApi(undefined, (url) =>
      url === "/api/webinars" ? jsonResponse({ webinars: [makeWebinar({ title: "Range Day Prep" })] }) : undefined,
    );
    renderApp(<WebinarsPage />, { path: "/webinars", initialEntries: ["/webinars"] });
    expect(await screen.findByRole("heading", { level: 1, name: "Upcoming Webinars" })).toBeInTheDocument();
    expect(await screen.findByRole("article", { name: "Range Day Prep" })).toBeInTheDocument();
  });
});
