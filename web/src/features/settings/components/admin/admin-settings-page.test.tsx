import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { adminSession, jsonResponse, mockApi, renderApp } from "@/test/utils";
import { AdminSettingsPage } from "./admin-settings-page";

type Handler = (url: string, init: RequestInit) => Response | Promise<Response> | undefined;

const settings = {
  site_title: "WatchWin",
  contact_email: "info@watchwin.store",
  store_address: "1847 W Ogden Ave, Naperville, IL 60540",
  store_phone: "(630) 555-0147",
  announcement_text: "Range day Saturday",
  announcement_enabled: "false",
  announcement_color: "#E53E3E",
  announcement_text_color: "#ffffff",
  announcement_font_size: "1.25rem",
  announcement_font_family: "inherit",
  announcement_border: "none",
  announcement_dismissible: "false",
  reminder_ready_enabled: "true",
  reminder_unfinished_enabled: "false",
  reminder_offer_enabled: "true",
};

const images = [
  { name: "hero_background.jpg", path: "hero_background.jpg", url: "/media/site_images/hero_background.jpg", size: 204800, updated_at: "2026-11-01T00:00:00Z" },
  { name: "range.png", path: "range.png", url: "/media/site_images/range.png", size: 1024, updated_at: "2026-11-01T00:00:00Z" },
];

function renderPage(handler?: Handler, { files = images } = {}) {
  const fetchMock = mockApi(adminSession, (url, init) => {
    const custom = handler?.(url, init);
    if (custom) return custom;
    if (url === "/api/admin/settings") return jsonResponse({ settings });
    if (url.startsWith("/api/admin/media/site_images")) return jsonResponse({ files });
    if (url === "/api/settings/backgrounds")
      return jsonResponse({ backgrounds: { home: "/media/site_images/range.png", webinars: null, user_dashboard: null, admin_dashboard: null } });
    return undefined;
  });
  const utils = renderApp(<AdminSettingsPage />, { path: "/admin/settings", initialEntries: ["/admin/settings"] });
  return { ...utils, fetchMock };
}

function putBody(fetchMock: ReturnType<typeof mockApi>, url: string) {
  const call = fetchMock.mock.calls.find(([u, init]) => u === url && init?.method === "PUT");
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

describe("AdminSettingsPage", () => {
  it("has the five tabs of docs/product.md#admin-screens, the Coupon Value, Books and Giveaway tabs, Social Links coming soon", async () => {
    renderPage();
    const tabs = screen.getAllByRole("tab").map((t) => t.textContent);
    expect(tabs).toEqual(["General Info", "Announcements", "Social Links", "Feature Toggles", "Background Images", "Coupon Value", "Books", "Giveaway"]);
    await userEvent.click(screen.getByRole("tab", { name: "Social Links" }));
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Coming soon");
  });

  it("switches coupons to Split under Coupon Value, recommended and said to apply to new coupons", async () => {
    const { fetchMock } = renderPage((url, init) => {
      if (url === "/api/settings/coupon-policy") return jsonResponse({ policy: "whole", paid_years: 5, bonus_days: 30, whole_expiry_days: 30 });
      if (url === "/api/admin/settings/coupon-policy" && init.method === "PUT") return jsonResponse(JSON.parse(String(init.body)));
      return undefined;
    });
    await userEvent.click(screen.getByRole("tab", { name: "Coupon Value" }));
    const form = await screen.findByRole("form", { name: "Coupon value" });
    expect(within(form).getByText("Split (recommended)")).toBeInTheDocument();
    expect(within(form).getByText(/applies to coupons issued after you save it/)).toBeInTheDocument();
    expect(within(form).getByRole("radio", { name: /Whole/ })).toBeChecked();
    await userEvent.click(within(form).getByRole("radio", { name: /Split/ }));
    const years = within(form).getByLabelText("Paid value lasts (years)");
    await userEvent.clear(years);
    await userEvent.type(years, "4");
    await userEvent.click(within(form).getByRole("button", { name: "Save Coupon Value" }));
    expect(await within(form).findByText("The paid value must last from 5 to 50 years")).toBeInTheDocument();
    await userEvent.clear(years);
    await userEvent.type(years, "6");
    await userEvent.click(within(form).getByRole("button", { name: "Save Coupon Value" }));
    expect(await within(form).findByText("Coupon value settings saved!")).toBeInTheDocument();
    expect(putBody(fetchMock, "/api/admin/settings/coupon-policy")).toEqual({
      policy: "split",
      paid_years: 6,
      bonus_days: 30,
      paid_never_expires: false,
    });
  });

  it("chooses a paid value that never expires under Split, keeping the years for a later change", async () => {
    const { fetchMock } = renderPage((url, init) => {
      if (url === "/api/settings/coupon-policy") return jsonResponse({ policy: "split", paid_years: 7, bonus_days: 30, whole_expiry_days: 30 });
      if (url === "/api/admin/settings/coupon-policy" && init.method === "PUT") return jsonResponse(JSON.parse(String(init.body)));
      return undefined;
    });
    await userEvent.click(screen.getByRole("tab", { name: "Coupon Value" }));
    const form = await screen.findByRole("form", { name: "Coupon value" });
    const never = within(form).getByRole("checkbox", { name: /Paid value never expires/ });
    expect(never).not.toBeChecked();
    expect(within(form).getByLabelText("Paid value lasts (years)")).toBeInTheDocument();
    await userEvent.click(never);
    expect(within(form).queryByLabelText("Paid value lasts (years)")).not.toBeInTheDocument();
    expect(within(form).getByText(/the bonus still expires as promotional value/)).toBeInTheDocument();
    await userEvent.click(within(form).getByRole("button", { name: "Save Coupon Value" }));
    expect(await within(form).findByText("Coupon value settings saved!")).toBeInTheDocument();
    expect(putBody(fetchMock, "/api/admin/settings/coupon-policy")).toEqual({
      policy: "split",
      paid_years: 7,
      bonus_days: 30,
      paid_never_expires: true,
    });
    await userEvent.click(within(form).getByRole("radio", { name: /Whole/ }));
    expect(within(form).queryByRole("checkbox", { name: /Paid value never expires/ })).not.toBeInTheDocument();
  });

  it("turns a reminder e-mail off for the site under Feature Toggles", async () => {
    const { fetchMock } = renderPage((url, init) =>
      url === "/api/admin/settings/reminders" && init.method === "PUT" ? jsonResponse(JSON.parse(String(init.body))) : undefined,
    );
    await userEvent.click(screen.getByRole("tab", { name: "Feature Toggles" }));
    const ready = await screen.findByRole("switch", { name: "It's ready to watch" });
    expect(ready).toBeChecked();
    expect(screen.getByRole("switch", { name: "You didn't finish" })).not.toBeChecked();
    expect(screen.getByRole("switch", { name: "Your coupon offer" })).toBeChecked();
    await userEvent.click(ready);
    await userEvent.click(screen.getByRole("button", { name: "Save Reminder Settings" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Reminder settings saved!");
    expect(putBody(fetchMock, "/api/admin/settings/reminders")).toEqual({ ready: false, unfinished: false, offer: true });
  });

  it("saves the general info and says 'General info saved!'", async () => {
    const { fetchMock } = renderPage((url, init) =>
      url === "/api/admin/settings/general" && init.method === "PUT"
        ? jsonResponse({ ...JSON.parse(String(init.body)) })
        : undefined,
    );
    const title = await screen.findByLabelText("Site Title");
    expect(title).toHaveValue("WatchWin");
    expect(screen.getByLabelText("Contact Email")).toHaveValue("info@watchwin.store");
    expect(screen.getByLabelText("Store Address")).toHaveValue("1847 W Ogden Ave, Naperville, IL 60540");
    expect(screen.getByLabelText("Store Phone")).toHaveValue("(630) 555-0147");
    await userEvent.clear(title);
    await userEvent.type(title, "Naperville Gear");
    await userEvent.click(screen.getByRole("button", { name: "Save General Info" }));
    expect(await screen.findByRole("status")).toHaveTextContent("General info saved!");
    expect(putBody(fetchMock, "/api/admin/settings/general")).toEqual({
      site_title: "Naperville Gear",
      contact_email: "info@watchwin.store",
      store_address: "1847 W Ogden Ave, Naperville, IL 60540",
      store_phone: "(630) 555-0147",
    });
  });

  it("checks the fields before saving", async () => {
    const { fetchMock } = renderPage();
    const email = await screen.findByLabelText("Contact Email");
    await userEvent.clear(email);
    await userEvent.type(email, "not-an-email");
    await userEvent.clear(screen.getByLabelText("Site Title"));
    await userEvent.click(screen.getByRole("button", { name: "Save General Info" }));
    expect(await screen.findByText("Site title is required")).toBeInTheDocument();
    expect(screen.getByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.getByLabelText("Contact Email")).toHaveAttribute("aria-invalid", "true");
    expect(putBody(fetchMock, "/api/admin/settings/general")).toBeUndefined();
  });

  it("shows the server's field error next to the field and 'Error saving: …'", async () => {
    renderPage((url, init) =>
      url === "/api/admin/settings/general" && init.method === "PUT"
        ? jsonResponse(
            { error: { code: "validation_failed", message: "Phone number must be 7 to 30 characters: digits, spaces and + ( ) - .", field: "store_phone" } },
            400,
          )
        : undefined,
    );
    await screen.findByLabelText("Site Title");
    await userEvent.click(screen.getByRole("button", { name: "Save General Info" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Error saving: Phone number must be 7 to 30 characters: digits, spaces and + ( ) - .",
    );
    const phone = screen.getByLabelText("Store Phone");
    expect(phone).toHaveAttribute("aria-invalid", "true");
    expect(phone).toHaveAccessibleDescription("Phone number must be 7 to 30 characters: digits, spaces and + ( ) - .");
  });

  it("edits the announcement with a live preview and saves all eight keys", async () => {
    const { fetchMock } = renderPage((url, init) =>
      url === "/api/admin/settings/announcement" && init.method === "PUT" ? jsonResponse(JSON.parse(String(init.body))) : undefined,
    );
    await userEvent.click(screen.getByRole("tab", { name: "Announcements" }));
    const text = await screen.findByLabelText("Announcement Text");
    expect(text).toHaveValue("Range day Saturday");
    expect(screen.getByLabelText("Font Size (px)")).toHaveValue(20);
    await userEvent.clear(text);
    await userEvent.type(text, "Holiday sale all week");
    const preview = screen.getByRole("region", { name: "Announcement preview" });
    expect(preview).toHaveTextContent("Holiday sale all week");
    await userEvent.clear(screen.getByLabelText("Background Color"));
    await userEvent.type(screen.getByLabelText("Background Color"), "#1a202c");
    expect(preview).toHaveStyle({ backgroundColor: "#1a202c" });
    await userEvent.click(screen.getByRole("checkbox", { name: "Show the announcement banner" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Visitors can dismiss it" }));
    expect(within(preview).getByRole("button", { name: "Dismiss announcement" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Save Announcement" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Announcement settings saved!");
    expect(putBody(fetchMock, "/api/admin/settings/announcement")).toEqual({
      text: "Holiday sale all week",
      enabled: true,
      color: "#1a202c",
      text_color: "#ffffff",
      font_size: "20px",
      font_family: "inherit",
      border: "none",
      dismissible: true,
    });
  });

  it("keeps the font size between 12 and 48 px", async () => {
    const { fetchMock } = renderPage();
    await userEvent.click(screen.getByRole("tab", { name: "Announcements" }));
    const size = await screen.findByLabelText("Font Size (px)");
    await userEvent.clear(size);
    await userEvent.type(size, "49");
    await userEvent.click(screen.getByRole("button", { name: "Save Announcement" }));
    expect(await screen.findByText("Font size must be from 12 to 48 px, such as 20px")).toBeInTheDocument();
    await userEvent.clear(size);
    await userEvent.type(size, "11");
    await userEvent.click(screen.getByRole("button", { name: "Save Announcement" }));
    expect(await screen.findByText("Font size must be from 12 to 48 px, such as 20px")).toBeInTheDocument();
    expect(putBody(fetchMock, "/api/admin/settings/announcement")).toBeUndefined();
  });

  it("shows a refused announcement field next to that field", async () => {
    renderPage((url, init) =>
      url === "/api/admin/settings/announcement" && init.method === "PUT"
        ? jsonResponse(
            { error: { code: "validation_failed", message: "Border must be none or a width, style and color, such as 2px solid #ffffff", field: "border" } },
            400,
          )
        : undefined,
    );
    await userEvent.click(screen.getByRole("tab", { name: "Announcements" }));
    await userEvent.click(await screen.findByRole("button", { name: "Save Announcement" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Error saving: Border must be none");
    expect(screen.getByLabelText("Border")).toHaveAttribute("aria-invalid", "true");
  });

  it("saves a page background once an image is chosen", async () => {
    const { fetchMock } = renderPage((url, init) =>
      url === "/api/admin/settings/backgrounds/webinars" && init.method === "PUT"
        ? jsonResponse({ page: "webinars", image_path: "range.png", url: "/media/site_images/range.png" })
        : undefined,
    );
    await userEvent.click(screen.getByRole("tab", { name: "Background Images" }));
    const card = await screen.findByRole("group", { name: "Webinars background" });
    const save = within(card).getByRole("button", { name: "Save Webinars Background" });
    expect(save).toBeDisabled();
    expect(within(screen.getByRole("group", { name: "Home background" })).getByRole("img", { name: "Current Home background" })).toHaveAttribute(
      "src",
      "/media/site_images/range.png",
    );
    await userEvent.selectOptions(within(card).getByLabelText("New image for Webinars"), "range.png");
    expect(save).toBeEnabled();
    await userEvent.click(save);
    expect(await within(card).findByRole("status")).toHaveTextContent("Background image updated!");
    expect(putBody(fetchMock, "/api/admin/settings/backgrounds/webinars")).toEqual({ image_path: "range.png" });
  });

  it("asks for uploads when there are no site images", async () => {
    renderPage(undefined, { files: [] });
    await userEvent.click(screen.getByRole("tab", { name: "Background Images" }));
    expect(await screen.findByText("No images found. Upload some images first.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("button", { name: /Background$/ })).not.toBeInTheDocument());
  });
});
