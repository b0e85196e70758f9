import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { adminSession, jsonResponse, mockApi, renderApp } from "@/test/utils";
import { makeAdminWebinar } from "@/test/webinars";
import { AdminDashboardPage } from "./admin-dashboard-page";

type Handler = (url: string, init: RequestInit) => Response | Promise<Response> | undefined;

const files = [
  { name: "hero_background.jpg", path: "hero_background.jpg", url: "/media/site_images/hero_background.jpg", size: 204800, updated_at: "2026-11-01T00:00:00Z" },
  { name: "range.png", path: "range.png", url: "/media/site_images/range.png", size: 1536, updated_at: "2026-11-01T00:00:00Z" },
];

function renderPage(handler?: Handler) {
  const fetchMock = mockApi(adminSession, (url, init) => {
    const custom = handler?.(url, init);
    if (custom) return custom;
    if (url.startsWith("/api/admin/media/site_images") && (init.method ?? "GET") === "GET") return jsonResponse({ files });
    if (url.startsWith("/api/admin/users")) {
      return jsonResponse({
        users: [{ id: "u1", email: "jane@example.com", firstName: "Jane", lastName: "Doe", phoneNumber: "6305550100", role: "user", created_at: "2026-11-01T00:00:00Z" }],
        has_more: false,
      });
    }
    if (url === "/api/admin/webinars") return jsonResponse({ webinars: [makeAdminWebinar({ id: "w1", title: "Pistol Basics" })] });
    return undefined;
  });
  const utils = renderApp(<AdminDashboardPage />, { path: "/admin", initialEntries: ["/admin"] });
  return { ...utils, fetchMock };
}

function png(name: string, bytes: number) {
  return new File([new Uint8Array(bytes)], name, { type: "image/png" });
}

async function openImages() {
  await userEvent.click(await screen.findByRole("tab", { name: "Site Images" }));
}

describe("AdminDashboardPage", () => {
  it("links every admin screen and shows the admin's account", async () => {
    renderPage();
    const nav = screen.getByRole("navigation", { name: "Admin sections" });
    const links = within(nav).getAllByRole("link").map((l) => l.getAttribute("href"));
    expect(links).toEqual([
      "/admin/webinars",
      "/admin/settings",
      "/admin/users",
      "/admin/coupons",
      "/admin/giveaway-winners",
      "/admin/questions",
      "/admin/follow-ups",
      "/admin/reports",
      "/admin/audit",
      "/counter",
    ]);
    expect(within(nav).getByRole("link", { name: /Counter/ })).toHaveAttribute("href", "/counter");
    expect(within(nav).getByRole("link", { name: /Webinar Management/ })).toBeInTheDocument();
    expect(within(nav).getByRole("link", { name: /Site Settings/ })).toBeInTheDocument();
    expect(within(nav).getByRole("link", { name: /User Management/ })).toBeInTheDocument();
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual(["Account", "Site Images"]);
    const panel = await screen.findByRole("tabpanel");
    await waitFor(() => expect(panel).toHaveTextContent("admin@example.com"));
    expect(panel).toHaveTextContent("Ada Min");
    expect(panel).toHaveTextContent(/Role\s*admin/);
  });

  it("lists the existing site images with their size in KB", async () => {
    renderPage();
    await openImages();
    const grid = await screen.findByRole("list", { name: "Site images" });
    expect(within(grid).getByRole("img", { name: "range.png" })).toBeInTheDocument();
    expect(grid).toHaveTextContent("200.0 KB");
    expect(grid).toHaveTextContent("1.5 KB");
  });

  it("uploads the hero under its fixed, locked filename", async () => {
    const { fetchMock } = renderPage((url, init) =>
      url === "/api/admin/media/site_images" && init.method === "POST"
        ? jsonResponse({ bucket: "site_images", path: "hero_background.jpg", url: "/media/site_images/hero_background.jpg", size: 2048, content_type: "image/jpeg" }, 201)
        : undefined,
    );
    await openImages();
    const hero = screen.getByRole("region", { name: "Hero Background" });
    expect(hero).toHaveTextContent("Recommended size 1920x1080");
    const filename = within(hero).getByLabelText("Filename");
    expect(filename).toHaveValue("hero_background.jpg");
    expect(filename).toHaveAttribute("readonly");
    await userEvent.upload(within(hero).getByLabelText("Image File"), png("shop.png", 3072));
    expect(hero).toHaveTextContent("Selected: shop.png (3.0 KB)");
    expect(filename).toHaveValue("hero_background.jpg");
    await userEvent.click(within(hero).getByRole("button", { name: "Upload Image" }));
    expect(await within(hero).findByText("Upload Successful")).toBeInTheDocument();
    expect(hero).toHaveTextContent("Saved as hero_background.jpg (2.0 KB).");
    const post = fetchMock.mock.calls.find(([u, i]) => u === "/api/admin/media/site_images" && i?.method === "POST")!;
    const body = post[1]!.body as FormData;
    expect(body.get("name")).toBe("hero_background.jpg");
    expect((body.get("file") as File).name).toBe("shop.png");
  });

  it("asks for a file and a filename before uploading", async () => {
    const { fetchMock } = renderPage();
    await openImages();
    const generic = screen.getByRole("region", { name: "Upload Site Image" });
    await userEvent.click(within(generic).getByRole("button", { name: "Upload Image" }));
    const alert = await within(generic).findByRole("alert");
    expect(alert).toHaveTextContent("No file selected");
    expect(alert).toHaveTextContent("Please select an image to upload.");

    await userEvent.upload(within(generic).getByLabelText("Image File"), png("range day.png", 512));
    const filename = within(generic).getByLabelText("Filename");
    expect(filename).toHaveValue("range day.png");
    expect(filename).not.toHaveAttribute("readonly");
    await userEvent.clear(filename);
    await userEvent.click(within(generic).getByRole("button", { name: "Upload Image" }));
    expect(await within(generic).findByRole("alert")).toHaveTextContent("No filename provided");
    expect(fetchMock.mock.calls.some(([, i]) => i?.method === "POST")).toBe(false);
  });

  it.each([
    [413, "body_too_large", "Images must be 10 MB or smaller."],
    [415, "unsupported_media_type", "Only JPEG, PNG, WebP and GIF images can be uploaded."],
  ])("shows the server's %s refusal as 'Upload Failed'", async (status, code, message) => {
    renderPage((url, init) =>
      url === "/api/admin/media/site_images" && init.method === "POST"
        ? jsonResponse({ error: { code, message, field: "file" } }, status)
        : undefined,
    );
    await openImages();
    const generic = screen.getByRole("region", { name: "Upload Site Image" });
    await userEvent.upload(within(generic).getByLabelText("Image File"), png("banner.png", 100));
    await userEvent.click(within(generic).getByRole("button", { name: "Upload Image" }));
    const alert = await within(generic).findByRole("alert");
    expect(alert).toHaveTextContent("Upload Failed");
    expect(alert).toHaveTextContent(message);
  });

  it("force-resets a chosen user's webinar from the floating selector", async () => {
    const { fetchMock } = renderPage((url, init) =>
      url === "/api/admin/registrations/reset" && init.method === "POST" ? jsonResponse({ registration: {} }) : undefined,
    );
    const selector = screen.getByRole("complementary", { name: "User selector" });
    await userEvent.click(within(selector).getByRole("button", { name: "User Selector" }));
    const reset = within(selector).getByRole("button", { name: "Force Reset" });
    expect(reset).toBeDisabled();
    await waitFor(() => expect(within(selector).getByLabelText("User")).toBeEnabled());
    await userEvent.selectOptions(within(selector).getByLabelText("User"), "u1");
    await waitFor(() => expect(within(selector).getByLabelText("Webinar")).toBeEnabled());
    await userEvent.selectOptions(within(selector).getByLabelText("Webinar"), "w1");
    await userEvent.click(reset);
    expect(await screen.findByText("Reset Complete")).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([u]) => u === "/api/admin/registrations/reset")!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ webinar_id: "w1", user_id: "u1" });
  });

  it("says 'Reset Failed' with the server's reason", async () => {
    renderPage((url, init) =>
      url === "/api/admin/registrations/reset" && init.method === "POST"
        ? jsonResponse({ error: { code: "not_found", message: "Registration not found" } }, 404)
        : undefined,
    );
    const selector = screen.getByRole("complementary", { name: "User selector" });
    await userEvent.click(within(selector).getByRole("button", { name: "User Selector" }));
    await waitFor(() => expect(within(selector).getByLabelText("User")).toBeEnabled());
    await userEvent.selectOptions(within(selector).getByLabelText("User"), "u1");
    await waitFor(() => expect(within(selector).getByLabelText("Webinar")).toBeEnabled());
    await userEvent.selectOptions(within(selector).getByLabelText("Webinar"), "w1");
    await userEvent.click(within(selector).getByRole("button", { name: "Force Reset" }));
    expect(await screen.findByText("Reset Failed")).toBeInTheDocument();
    expect(await screen.findByText("Registration not found")).toBeInTheDocument();
  });
});
