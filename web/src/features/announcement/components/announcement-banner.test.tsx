import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, mockApi, renderApp } from "@/test/utils";
import type { Announcement } from "../api/get-announcement";
import { AnnouncementBannerView } from "@/components/announcement-banner-view";
import { ANNOUNCEMENT_DEFAULTS } from "@/config/announcement";
import { AnnouncementBanner, DISMISSED_KEY } from "./announcement-banner";

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two #rrggbb colours (1 to 21). */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

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

describe("the default banner", () => {
  it("meets WCAG AA contrast: its bold 1.25rem text is large text, which needs 3:1", () => {
    render(<AnnouncementBannerView announcement={{ ...ANNOUNCEMENT_DEFAULTS, text: "Range day", enabled: true, dismissible: true }} />);
    const text = screen.getByText("Range day");
    // Large text: at least 24px, or 18.66px (14pt) when bold (700).
    const px = parseFloat(ANNOUNCEMENT_DEFAULTS.font_size) * 16;
    expect(text).toHaveClass("font-bold");
    expect(px).toBeGreaterThanOrEqual(18.66);
    expect(contrast(ANNOUNCEMENT_DEFAULTS.color, ANNOUNCEMENT_DEFAULTS.text_color)).toBeGreaterThanOrEqual(3);
  });

  it("computes contrast as WCAG does", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#E53E3E", "#ffffff")).toBeCloseTo(4.13, 2);
    expect(contrast("#71717b", "#09090b")).toBeCloseTo(4.12, 2); // the old footer grey, under 4.5
  });
});

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
