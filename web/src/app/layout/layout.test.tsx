import { act, screen, waitFor, within } from "@testing-library/react";
import { lazy } from "react";
import { describe, expect, it } from "vitest";
import { loadContactPage } from "@/features/static";
import { jsonResponse, mockApi, renderApp } from "@/test/utils";

const ContactPage = lazy(() => loadContactPage().then((Page) => ({ default: Page })));
import { Layout } from "./layout";

const banner = {
  text: "Range day Saturday",
  enabled: true,
  color: "#E53E3E",
  text_color: "#ffffff",
  font_size: "1.25rem",
  font_family: "inherit",
  border: "none",
  dismissible: true,
};

const site = {
  site_title: "Naperville Gear",
  contact_email: "hello@naperville.example",
  store_address: "10 Main St, Naperville, IL 60540",
  store_phone: "(630) 555-0199",
};

function renderLayout(path: string) {
  mockApi(undefined, (url) => {
    if (url === "/api/settings/announcement") return jsonResponse(banner);
    if (url === "/api/settings/site") return jsonResponse(site);
    return undefined;
  });
  return renderApp(
    [
      {
        element: <Layout />,
        children: [
          { index: true, element: <h1>Home</h1> },
          { path: "webinars", element: <h1>Upcoming Webinars</h1> },
          { path: "contact", element: <ContactPage /> },
          { path: "admin/settings", element: <h1>Site Settings</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
}

describe("Layout", () => {
  it.each(["/", "/webinars", "/contact"])("shows the announcement banner on %s", async (path) => {
    renderLayout(path);
    expect(await screen.findByRole("region", { name: "Announcement" })).toHaveTextContent("Range day Saturday");
  });

  it("leaves the banner to the settings preview in the admin area", async () => {
    renderLayout("/admin/settings");
    await screen.findByText("hello@naperville.example");
    expect(screen.queryByRole("region", { name: "Announcement" })).not.toBeInTheDocument();
  });

  it("keeps a dismissed banner hidden on the next page of the session", async () => {
    const { router } = renderLayout("/");
    const region = await screen.findByRole("region", { name: "Announcement" });
    await act(async () => within(region).getByRole("button", { name: "Dismiss announcement" }).click());
    expect(screen.queryByRole("region", { name: "Announcement" })).not.toBeInTheDocument();
    await act(() => router.navigate("/webinars"));
    expect(await screen.findByRole("heading", { name: "Upcoming Webinars" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Announcement" })).not.toBeInTheDocument();
  });

  it("shows the site settings in the header, footer and Contact page", async () => {
    renderLayout("/contact");
    const footer = screen.getByRole("contentinfo");
    expect(await within(footer).findByRole("link", { name: "hello@naperville.example" })).toHaveAttribute(
      "href",
      "mailto:hello@naperville.example",
    );
    expect(within(footer).getByRole("link", { name: "(630) 555-0199" })).toHaveAttribute("href", "tel:+16305550199");
    expect(footer).toHaveTextContent("10 Main St");
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Naperville Gear. All rights reserved.`);
    expect(screen.getAllByRole("link", { name: "Naperville Gear home" }).length).toBeGreaterThan(0);
    const main = screen.getByRole("main");
    expect(within(main).getByRole("link", { name: "hello@naperville.example" })).toBeInTheDocument();
    expect(within(main).getByText("10 Main St")).toBeInTheDocument();
  });
});

describe("Layout backgrounds", () => {
  it("puts the chosen background behind its page only", async () => {
    mockApi(undefined, (url) =>
      url === "/api/settings/backgrounds"
        ? jsonResponse({ backgrounds: { home: null, webinars: "/media/site_images/range.jpg", user_dashboard: null, admin_dashboard: null } })
        : undefined,
    );
    const { router } = renderApp(
      [
        {
          element: <Layout />,
          children: [
            { index: true, element: <h1>Home</h1> },
            { path: "webinars", element: <h1>Upcoming Webinars</h1> },
          ],
        },
      ],
      { initialEntries: ["/webinars"] },
    );
    const main = screen.getByRole("main");
    await waitFor(() => expect(main).toHaveAttribute("data-background", "webinars"));
    expect(main.style.backgroundImage).toContain("/media/site_images/range.jpg");
    await act(() => router.navigate("/"));
    expect(main).not.toHaveAttribute("data-background");
    expect(main.style.backgroundImage).toBe("");
  });
});
