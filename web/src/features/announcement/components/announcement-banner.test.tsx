import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, mockApi, renderApp } from "@/test/utils";
import type { Announcement } from "../api/get-announcement";
import { AnnouncementBanner, DISMISSED_KEY } from "./announcement-banner";

const base: Announcement = {
  text: "Range day Saturday: 10% off ammo",
  enabled: true,
  color: "#E53E3E",
  text_color: "#ffffff",
  font_size: "1.25rem",
  font_family: "inherit",
  border: "none",
  dismissible: false,
};

function serve(announcement: Announcement) {
  return mockApi(undefined, (url) =>
    url === "/api/settings/announcement" ? jsonResponse(announcement) : undefined,
  );
}

afterEach(() => sessionStorage.clear());

describe("AnnouncementBanner", () => {
  it("shows the enabled text in the configured colours", async () => {
    serve(base);
    renderApp(<AnnouncementBanner />);
    const banner = await screen.findByRole("region", { name: "Announcement" });
    expect(banner).toHaveTextContent("Range day Saturday: 10% off ammo");
    expect(banner).toHaveStyle({ backgroundColor: "#E53E3E", color: "#ffffff" });
    expect(screen.queryByRole("button", { name: "Dismiss announcement" })).not.toBeInTheDocument();
  });

  it.each([
    ["disabled", { ...base, enabled: false }],
    ["without text", { ...base, text: "  " }],
  ])("stays hidden when %s", async (_, announcement) => {
    const fetch = serve(announcement);
    renderApp(<AnnouncementBanner />);
    await waitFor(() => expect(fetch).toHaveBeenCalledWith("/api/settings/announcement", expect.anything()));
    expect(screen.queryByRole("region", { name: "Announcement" })).not.toBeInTheDocument();
  });

  it("scrolls its text in the 15 s loop", async () => {
    serve(base);
    renderApp(<AnnouncementBanner />);
    const text = await screen.findByText(base.text);
    expect(text).toHaveAttribute("data-scrolling", "true");
    expect(text).toHaveClass("announcement-text");
  });

  it("stands still for visitors who prefer reduced motion", async () => {
    const matchMedia = window.matchMedia;
    vi.spyOn(window, "matchMedia").mockImplementation((query: string) => ({
      ...matchMedia(query),
      matches: query === "(prefers-reduced-motion: reduce)",
    }));
    serve(base);
    renderApp(<AnnouncementBanner />);
    const text = await screen.findByText(base.text);
    expect(text).toHaveAttribute("data-scrolling", "false");
    expect(text).not.toHaveClass("announcement-text");
    vi.restoreAllMocks();
  });

  it("can be dismissed for the session when dismissible", async () => {
    serve({ ...base, dismissible: true });
    const { unmount } = renderApp(<AnnouncementBanner />);
    await userEvent.click(await screen.findByRole("button", { name: "Dismiss announcement" }));
    expect(screen.queryByRole("region", { name: "Announcement" })).not.toBeInTheDocument();
    expect(sessionStorage.getItem(DISMISSED_KEY)).toBe(base.text);
    unmount();

    // Still dismissed on the next page view; a new announcement shows again.
    serve({ ...base, dismissible: true });
    renderApp(<AnnouncementBanner />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole("region", { name: "Announcement" })).not.toBeInTheDocument();
  });
});
