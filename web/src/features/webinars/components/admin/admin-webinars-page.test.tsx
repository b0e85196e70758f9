import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { adminSession, jsonResponse, mockApi, renderApp } from "@/test/utils";
import { makeAdminWebinar } from "@/test/webinars";
import { AdminWebinarsPage, type AdminWebinarsPageProps } from "./admin-webinars-page";
import type { VideoUploadSlotProps } from "./webinar-form";

type Handler = (url: string, init: RequestInit) => Response | Promise<Response> | undefined;

function renderPage(handler: Handler, props: AdminWebinarsPageProps = {}) {
  const fetchMock = mockApi(adminSession, handler);
  const utils = renderApp(<AdminWebinarsPage {...props} />, { path: "/admin/webinars", initialEntries: ["/admin/webinars"] });
  return { ...utils, fetchMock };
}

function calls(fetchMock: ReturnType<typeof mockApi>, method: string, url: string) {
  return fetchMock.mock.calls.filter(([u, init]) => u === url && (init?.method ?? "GET") === method);
}

function bodyOf(fetchMock: ReturnType<typeof mockApi>, method: string, url: string) {
  const [call] = calls(fetchMock, method, url);
  return JSON.parse(String(call[1]?.body));
}

const pistol = makeAdminWebinar({
  id: "w1",
  title: "Pistol Basics",
  event_datetime: "2026-12-04T00:30:00Z",
  display_price: 40,
  total_seats: 20,
  is_active: true,
});
const free = makeAdminWebinar({
  id: "w2",
  title: "Range Safety Night",
  event_datetime: "2026-07-15T17:00:00Z",
  display_price: 0,
  coupon_value: 0,
  total_seats: 12,
  is_active: false,
});

const list = (webinars = [pistol, free]): Handler => (url, init) =>
  url === "/api/admin/webinars" && (init.method ?? "GET") === "GET" ? jsonResponse({ webinars }) : undefined;

describe("AdminWebinarsPage table", () => {
  it("lists every webinar with date, price, seats, status and actions", async () => {
    renderPage(list());
    expect(screen.getByRole("heading", { level: 1, name: "Manage Webinars" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add New Webinar" })).toBeInTheDocument();
    const table = await screen.findByRole("table");
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Title",
      "Event Date & Time",
      "Display Price",
      "Total Seats",
      "Status",
      "Actions",
    ]);
    const row1 = (await within(table).findByRole("rowheader", { name: /Pistol Basics/ })).closest("tr")!;
    expect(within(row1).getByText("December 3, 2026 at 6:30 PM CST")).toBeInTheDocument();
    expect(within(row1).getByText("$40.00")).toBeInTheDocument();
    expect(within(row1).getByRole("cell", { name: "20" })).toBeInTheDocument();
    expect(within(row1).getByText("Active")).toBeInTheDocument();
    expect(within(row1).getByRole("button", { name: "Edit Pistol Basics" })).toBeInTheDocument();
    expect(within(row1).getByRole("button", { name: "Delete Pistol Basics" })).toBeInTheDocument();

    const row2 = within(table).getByRole("rowheader", { name: /Range Safety Night/ }).closest("tr")!;
    expect(within(row2).getByText("July 15, 2026 at 12:00 PM CDT")).toBeInTheDocument();
    expect(within(row2).getByText("FREE")).toBeInTheDocument();
    expect(within(row2).getByText("Inactive")).toBeInTheDocument();
  });

  it("says 'Loading webinars...' while loading", async () => {
    renderPage((url) => (url === "/api/admin/webinars" ? new Promise<Response>(() => {}) : undefined));
    expect(await screen.findByText("Loading webinars...")).toBeInTheDocument();
  });

  it("shows the empty state", async () => {
    renderPage(list([]));
    expect(
      await screen.findByText('No webinars found. Create your first webinar by clicking "Add New Webinar".'),
    ).toBeInTheDocument();
  });

  it("shows the error text and the 'Failed to fetch webinars' toast", async () => {
    renderPage((url) =>
      url === "/api/admin/webinars"
        ? jsonResponse({ error: { code: "forbidden", message: "Admins only." } }, 403)
        : undefined,
    );
    expect(await screen.findByText("Error loading webinars. Please try again later.")).toBeInTheDocument();
    expect(await screen.findByText("Failed to fetch webinars: Admins only.")).toBeInTheDocument();
  });
});

describe("AdminWebinarsPage captions flag", () => {
  it("flags an uploaded-video webinar without captions 'No captions'", async () => {
    renderPage(list([{ ...pistol, video_source: "upload", captions_missing: true }, free]));
    const table = await screen.findByRole("table");
    const row = (await within(table).findByRole("rowheader", { name: /Pistol Basics/ })).closest("tr")!;
    expect(within(row).getByText("No captions")).toBeInTheDocument();
    const other = within(table).getByRole("rowheader", { name: /Range Safety Night/ }).closest("tr")!;
    expect(within(other).queryByText("No captions")).not.toBeInTheDocument();
  });
});

describe("AdminWebinarsPage delete", () => {
  it("asks for confirmation; Cancel keeps the webinar", async () => {
    const { fetchMock } = renderPage(list());
    await userEvent.click(await screen.findByRole("button", { name: "Delete Pistol Basics" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Are you sure you want to delete this webinar?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(calls(fetchMock, "DELETE", "/api/admin/webinars/w1")).toHaveLength(0);
  });

  it("deletes after 'Delete Webinar' and says 'Webinar Deleted'", async () => {
    let webinars = [pistol, free];
    const { fetchMock } = renderPage((url, init) => {
      const method = init.method ?? "GET";
      if (url === "/api/admin/webinars" && method === "GET") return jsonResponse({ webinars });
      if (url === "/api/admin/webinars/w1" && method === "DELETE") {
        webinars = [free];
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    await userEvent.click(await screen.findByRole("button", { name: "Delete Pistol Basics" }));
    const dialog = await screen.findByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete Webinar" }));
    expect(await screen.findByText("Webinar Deleted")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole("rowheader", { name: /Pistol Basics/ })).not.toBeInTheDocument());
    expect(calls(fetchMock, "DELETE", "/api/admin/webinars/w1")).toHaveLength(1);
  });

  it("shows the server's refusal for a webinar with paid seats", async () => {
    const message = "This webinar has paid registrations and cannot be deleted. Deactivate it instead.";
    renderPage((url, init) => {
      if (url === "/api/admin/webinars/w1" && init.method === "DELETE") {
        return jsonResponse({ error: { code: "webinar_has_paid_seats", message } }, 409);
      }
      return list()(url, init);
    });
    await userEvent.click(await screen.findByRole("button", { name: "Delete Pistol Basics" }));
    const dialog = await screen.findByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete Webinar" }));
    expect(await screen.findByText(`Failed to delete webinar: ${message}`)).toBeInTheDocument();
    expect(within(dialog).getByText(message)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(screen.getByRole("rowheader", { name: /Pistol Basics/ })).toBeInTheDocument();
  });
});

describe("webinar form", () => {
  async function openCreate() {
    await userEvent.click(screen.getByRole("button", { name: "Add New Webinar" }));
    return screen.findByRole("dialog", { name: "Create New Webinar" });
  }

  it("opens with the form defaults of docs/product.md#validation-and-its-messages and the store zone", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-07-01T15:00:00Z") });
    try {
      renderPage(list([]));
      const dialog = await openCreate();
      const d = within(dialog);
      expect(d.getByLabelText("Title")).toHaveValue("");
      expect(d.getByLabelText("Date")).toHaveValue("2026-07-01");
      expect(d.getByLabelText("Time")).toHaveValue("12:00");
      expect(d.getByText("Store time: Central Time (CDT)")).toBeInTheDocument();
      expect(d.getByLabelText("Display Price ($)")).toHaveValue(0);
      expect(d.getByLabelText("Coupon Value (%)")).toHaveValue(120);
      expect(d.getByLabelText("Total Seats")).toHaveValue(20);
      expect(d.getByRole("checkbox", { name: "Active" })).toBeChecked();
      expect(d.getByLabelText("YouTube Video ID or URL")).toHaveValue("");
      expect(d.getByLabelText("Thumbnail")).toHaveAttribute("type", "file");
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the validation messages of docs/product.md#validation-and-its-messages", async () => {
    const { fetchMock } = renderPage(list([]));
    const d = within(await openCreate());
    await userEvent.type(d.getByLabelText("Title"), "Gun");
    await userEvent.type(d.getByLabelText("Description"), "Short");
    await userEvent.clear(d.getByLabelText("Date"));
    await userEvent.clear(d.getByLabelText("Display Price ($)"));
    await userEvent.type(d.getByLabelText("Display Price ($)"), "-1");
    await userEvent.clear(d.getByLabelText("Coupon Value (%)"));
    await userEvent.type(d.getByLabelText("Coupon Value (%)"), "-5");
    await userEvent.clear(d.getByLabelText("Total Seats"));
    await userEvent.type(d.getByLabelText("Total Seats"), "0");
    await userEvent.type(d.getByLabelText("YouTube Video ID or URL"), "abc");
    await userEvent.click(d.getByRole("button", { name: "Create Webinar" }));

    expect(await d.findByText("Title must be at least 5 characters")).toBeInTheDocument();
    expect(d.getByText("Description must be at least 10 characters")).toBeInTheDocument();
    expect(d.getByText("Event date and time is required")).toBeInTheDocument();
    expect(d.getByText("Price must be 0 or greater")).toBeInTheDocument();
    expect(d.getByText("Coupon value must be 0 or greater")).toBeInTheDocument();
    expect(d.getByText("Total seats must be at least 1")).toBeInTheDocument();
    expect(d.getByText("YouTube video ID is required")).toBeInTheDocument();

    await userEvent.clear(d.getByLabelText("YouTube Video ID or URL"));
    await userEvent.type(d.getByLabelText("YouTube Video ID or URL"), "https://vimeo.com/76979871");
    await userEvent.click(d.getByRole("button", { name: "Create Webinar" }));
    expect(await d.findByText("Invalid YouTube video ID")).toBeInTheDocument();
    expect(calls(fetchMock, "POST", "/api/admin/webinars")).toHaveLength(0);
  });

  it("creates a webinar from a full YouTube URL, sending the bare id and the UTC time", async () => {
    let webinars: ReturnType<typeof makeAdminWebinar>[] = [];
    const { fetchMock } = renderPage((url, init) => {
      const method = init.method ?? "GET";
      if (url === "/api/admin/webinars" && method === "GET") return jsonResponse({ webinars });
      if (url === "/api/admin/webinars" && method === "POST") {
        const created = makeAdminWebinar({ id: "new1", title: "Holster Fitting 101" });
        webinars = [created];
        return jsonResponse(created, 201);
      }
      return undefined;
    });
    const d = within(await openCreate());
    await userEvent.type(d.getByLabelText("Title"), "Holster Fitting 101");
    await userEvent.type(d.getByLabelText("Description"), "How to pick and fit a holster.");
    await userEvent.clear(d.getByLabelText("Date"));
    await userEvent.type(d.getByLabelText("Date"), "2026-12-03");
    await userEvent.clear(d.getByLabelText("Time"));
    await userEvent.type(d.getByLabelText("Time"), "18:30");
    await userEvent.clear(d.getByLabelText("Display Price ($)"));
    await userEvent.type(d.getByLabelText("Display Price ($)"), "40");
    await userEvent.type(
      d.getByLabelText("YouTube Video ID or URL"),
      "https://www.youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=42s",
    );
    expect(d.getByText("Video ID: dQw4w9WgXcQ")).toBeInTheDocument();
    expect(d.getByText("Coupon worth $48.00")).toBeInTheDocument();
    await userEvent.click(d.getByRole("button", { name: "Create Webinar" }));

    expect(await screen.findByText("Webinar Created")).toBeInTheDocument();
    expect(bodyOf(fetchMock, "POST", "/api/admin/webinars")).toEqual({
      title: "Holster Fitting 101",
      description: "How to pick and fit a holster.",
      event_datetime: "2026-12-04T00:30:00Z",
      display_price: 40,
      actual_coupon_value_percentage: 120,
      total_seats: 20,
      video_source: "youtube",
      youtube_video_id: "dQw4w9WgXcQ",
      video_length_seconds: null,
      allow_seeking: true,
      is_active: true,
      thumbnail_image_path: null,
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByRole("rowheader", { name: /Holster Fitting 101/ })).toBeInTheDocument();
  });

  it("puts a server field error next to the field and toasts the failure", async () => {
    renderPage((url, init) => {
      if (url === "/api/admin/webinars" && init.method === "POST") {
        return jsonResponse(
          { error: { code: "validation_failed", message: "Title must be at most 200 characters", field: "title" } },
          400,
        );
      }
      return list([])(url, init);
    });
    const d = within(await openCreate());
    await userEvent.type(d.getByLabelText("Title"), "Holster Fitting 101");
    await userEvent.type(d.getByLabelText("Description"), "How to pick and fit a holster.");
    await userEvent.type(d.getByLabelText("YouTube Video ID or URL"), "dQw4w9WgXcQ");
    await userEvent.click(d.getByRole("button", { name: "Create Webinar" }));
    expect(
      await screen.findByText("Failed to create webinar: Title must be at most 200 characters"),
    ).toBeInTheDocument();
    expect(d.getByText("Title must be at most 200 characters")).toBeInTheDocument();
    expect(d.getByLabelText("Title")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("dialog", { name: "Create New Webinar" })).toBeInTheDocument();
  });

  it("edits a webinar: values in the store zone, deactivation, 'Webinar Updated'", async () => {
    const { fetchMock } = renderPage((url, init) => {
      if (url === "/api/admin/webinars/w1" && init.method === "PUT") {
        return jsonResponse({ ...pistol, is_active: false });
      }
      return list()(url, init);
    });
    await userEvent.click(await screen.findByRole("button", { name: "Edit Pistol Basics" }));
    const d = within(await screen.findByRole("dialog", { name: "Edit Webinar" }));
    expect(d.getByLabelText("Title")).toHaveValue("Pistol Basics");
    expect(d.getByLabelText("Date")).toHaveValue("2026-12-03");
    expect(d.getByLabelText("Time")).toHaveValue("18:30");
    expect(d.getByText("Store time: Central Time (CST)")).toBeInTheDocument();
    expect(d.getByLabelText("YouTube Video ID or URL")).toHaveValue("dQw4w9WgXcQ");
    await userEvent.click(d.getByRole("checkbox", { name: "Active" }));
    await userEvent.click(d.getByRole("button", { name: "Update Webinar" }));

    expect(await screen.findByText("Webinar Updated")).toBeInTheDocument();
    expect(bodyOf(fetchMock, "PUT", "/api/admin/webinars/w1")).toMatchObject({
      title: "Pistol Basics",
      event_datetime: "2026-12-04T00:30:00Z",
      is_active: false,
      youtube_video_id: "dQw4w9WgXcQ",
    });
  });

  describe("before /api/config has answered", () => {
    /** Holds /api/config back until `answer` is called; the store is in New York, not the fallback zone. */
    function slowConfig(rest: Handler) {
      let answer = () => {};
      const config = new Promise<Response>((resolve) => {
        answer = () =>
          resolve(jsonResponse({ timezone: "America/New_York", storeUrl: "", paymentMode: "test" }));
      });
      const handler: Handler = (url, init) => (url === "/api/config" ? config : rest(url, init));
      return { handler, answer: () => act(async () => answer()) };
    }

    it("shows and saves an edited event in the loaded zone, never shifting it", async () => {
      const { handler, answer } = slowConfig((url, init) =>
        url === "/api/admin/webinars/w1" && init.method === "PUT" ? jsonResponse(pistol) : list()(url, init),
      );
      const { fetchMock } = renderPage(handler);
      await userEvent.click(await screen.findByRole("button", { name: "Edit Pistol Basics" }));
      const dialog = await screen.findByRole("dialog", { name: "Edit Webinar" });
      await answer();
      const d = within(dialog);
      // 2026-12-04T00:30Z is 7:30 PM in New York.
      expect(await d.findByLabelText("Time")).toHaveValue("19:30");
      expect(d.getByLabelText("Date")).toHaveValue("2026-12-03");
      expect(d.getByText("Store time: Eastern Time (EST)")).toBeInTheDocument();
      await userEvent.click(d.getByRole("button", { name: "Update Webinar" }));

      expect(await screen.findByText("Webinar Updated")).toBeInTheDocument();
      expect(bodyOf(fetchMock, "PUT", "/api/admin/webinars/w1").event_datetime).toBe("2026-12-04T00:30:00Z");
    });

    it("defaults a new webinar to today in the loaded zone and saves it there", async () => {
      // 04:30 UTC: still June 30 in Chicago (the fallback), already July 1 in New York.
      vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-07-01T04:30:00Z") });
      try {
        const { handler, answer } = slowConfig((url, init) =>
          url === "/api/admin/webinars" && init.method === "POST"
            ? jsonResponse(makeAdminWebinar({ id: "new1" }), 201)
            : list([])(url, init),
        );
        const { fetchMock } = renderPage(handler);
        await userEvent.click(screen.getByRole("button", { name: "Add New Webinar" }));
        const dialog = await screen.findByRole("dialog", { name: "Create New Webinar" });
        await answer();
        const d = within(dialog);
        expect(await d.findByLabelText("Date")).toHaveValue("2026-07-01");
        expect(d.getByLabelText("Time")).toHaveValue("12:00");
        expect(d.getByText("Store time: Eastern Time (EDT)")).toBeInTheDocument();
        await userEvent.type(d.getByLabelText("Title"), "Holster Fitting 101");
        await userEvent.type(d.getByLabelText("Description"), "How to pick and fit a holster.");
        await userEvent.type(d.getByLabelText("YouTube Video ID or URL"), "dQw4w9WgXcQ");
        await userEvent.click(d.getByRole("button", { name: "Create Webinar" }));

        expect(await screen.findByText("Webinar Created")).toBeInTheDocument();
        // Noon on July 1 in New York (EDT, UTC-4).
        expect(bodyOf(fetchMock, "POST", "/api/admin/webinars").event_datetime).toBe("2026-07-01T16:00:00Z");
      } finally {
        vi.useRealTimers();
      }
    });
  });

  it("keeps the time when another date is picked", async () => {
    renderPage(list());
    await userEvent.click(await screen.findByRole("button", { name: "Edit Pistol Basics" }));
    const d = within(await screen.findByRole("dialog", { name: "Edit Webinar" }));
    await userEvent.clear(d.getByLabelText("Date"));
    await userEvent.type(d.getByLabelText("Date"), "2027-06-10");
    expect(d.getByLabelText("Time")).toHaveValue("18:30");
    expect(d.getByText("Store time: Central Time (CDT)")).toBeInTheDocument();
  });

  it("uploads a thumbnail to webinar_assets and saves its path", async () => {
    const { fetchMock } = renderPage((url, init) => {
      if (url === "/api/admin/media/webinar_assets" && init.method === "POST") {
        return jsonResponse(
          {
            bucket: "webinar_assets",
            path: "webinar_thumbnails/range_1764000000.png",
            url: "/media/webinar_assets/webinar_thumbnails/range_1764000000.png",
            size: 2048,
            content_type: "image/png",
          },
          201,
        );
      }
      if (url === "/api/admin/webinars/w1" && init.method === "PUT") return jsonResponse(pistol);
      return list()(url, init);
    });
    await userEvent.click(await screen.findByRole("button", { name: "Edit Pistol Basics" }));
    const d = within(await screen.findByRole("dialog", { name: "Edit Webinar" }));
    const file = new File([new Uint8Array(2048)], "range.png", { type: "image/png" });
    await userEvent.upload(d.getByLabelText("Thumbnail"), file);
    expect(await d.findByText("Uploaded range.png (2.0 KB)")).toBeInTheDocument();
    expect(d.getByRole("img", { name: "Thumbnail preview" })).toHaveAttribute(
      "src",
      "/media/webinar_assets/webinar_thumbnails/range_1764000000.png",
    );
    const [, init] = calls(fetchMock, "POST", "/api/admin/media/webinar_assets")[0];
    expect((init?.body as FormData).get("file")).toBeInstanceOf(File);

    await userEvent.click(d.getByRole("button", { name: "Update Webinar" }));
    expect(await screen.findByText("Webinar Updated")).toBeInTheDocument();
    expect(bodyOf(fetchMock, "PUT", "/api/admin/webinars/w1").thumbnail_image_path).toBe(
      "webinar_thumbnails/range_1764000000.png",
    );
  });

  it("shows the server's refusal of a non-image under the field and as 'Upload Failed'", async () => {
    const message = "Only JPEG, PNG, WebP and GIF images can be uploaded.";
    renderPage((url, init) => {
      if (url === "/api/admin/media/webinar_assets") {
        return jsonResponse({ error: { code: "unsupported_media_type", message, field: "file" } }, 415);
      }
      return list([])(url, init);
    });
    const d = within(await openCreate());
    await userEvent.upload(d.getByLabelText("Thumbnail"), new File(["hello"], "notes.png", { type: "image/png" }));
    expect(await screen.findByText("Upload Failed")).toBeInTheDocument();
    expect(d.getByText(message)).toBeInTheDocument();
    expect(d.getByLabelText("Thumbnail")).toHaveAttribute("aria-invalid", "true");
  });

  describe("video source (docs/product.md#the-stores-own-videos)", () => {
    /** The videos feature's part, as app/ puts it in: here a stand-in that shows what it was given. */
    let slot: VideoUploadSlotProps | null = null;
    const renderVideoUpload = (props: VideoUploadSlotProps) => {
      slot = props;
      return <p>Video part of {props.webinarId}</p>;
    };

    it("a new webinar with an uploaded video needs no YouTube id, and the form stays open for the upload", async () => {
      slot = null;
      let webinars: ReturnType<typeof makeAdminWebinar>[] = [];
      const { fetchMock } = renderPage(
        (url, init) => {
          const method = init.method ?? "GET";
          if (url === "/api/admin/webinars" && method === "GET") return jsonResponse({ webinars });
          if (url === "/api/admin/webinars" && method === "POST") {
            const created = makeAdminWebinar({ id: "new1", title: "Holster Fitting 101", youtube_video_id: "", video_source: "upload" });
            webinars = [created];
            return jsonResponse(created, 201);
          }
          return undefined;
        },
        { renderVideoUpload },
      );
      const d = within(await openCreate());
      expect(d.getByRole("radio", { name: "YouTube" })).toBeChecked();
      await userEvent.click(d.getByRole("radio", { name: "Uploaded video" }));
      expect(d.queryByLabelText("YouTube Video ID or URL")).not.toBeInTheDocument();
      expect(d.getByText(/create the webinar, and this form stays open to upload its video/)).toBeInTheDocument();
      expect(d.queryByText(/Video part of/)).not.toBeInTheDocument();
      expect(d.getByText(/read from the uploaded video once it is ready/i)).toBeInTheDocument();

      await userEvent.type(d.getByLabelText("Title"), "Holster Fitting 101");
      await userEvent.type(d.getByLabelText("Description"), "How to pick and fit a holster.");
      await userEvent.click(d.getByRole("button", { name: "Create Webinar" }));

      expect(await screen.findByText('"Holster Fitting 101" has been created. Now upload its video.')).toBeInTheDocument();
      expect(bodyOf(fetchMock, "POST", "/api/admin/webinars")).toMatchObject({ video_source: "upload", youtube_video_id: "" });
      const edit = within(await screen.findByRole("dialog", { name: "Edit Webinar" }));
      expect(edit.getByText("Video part of new1")).toBeInTheDocument();
      expect(edit.getByRole("radio", { name: "Uploaded video" })).toBeChecked();
    });

    it("an uploaded video's length fills the form when it becomes ready, and the form waits for an upload", async () => {
      slot = null;
      const uploaded = { ...pistol, video_source: "upload" as const, video_length_seconds: null };
      const { fetchMock } = renderPage(
        (url, init) => {
          if (url === "/api/admin/webinars/w1" && init.method === "PUT") return jsonResponse({ ...uploaded, video_length_seconds: 754 });
          return list([uploaded])(url, init);
        },
        { renderVideoUpload },
      );
      await userEvent.click(await screen.findByRole("button", { name: "Edit Pistol Basics" }));
      const d = within(await screen.findByRole("dialog", { name: "Edit Webinar" }));
      expect(d.getByText("Video part of w1")).toBeInTheDocument();

      act(() => slot!.onBusyChange(true));
      expect(d.getByRole("button", { name: "Update Webinar" })).toBeDisabled();
      expect(d.getByRole("radio", { name: "YouTube" })).toBeDisabled();
      act(() => slot!.onBusyChange(false));

      act(() => slot!.onVideoReady(754));
      expect(d.getByLabelText("Video Length (seconds)")).toHaveValue(754);
      await userEvent.click(d.getByRole("button", { name: "Update Webinar" }));
      expect(await screen.findByText("Webinar Updated")).toBeInTheDocument();
      expect(bodyOf(fetchMock, "PUT", "/api/admin/webinars/w1")).toMatchObject({ video_source: "upload", video_length_seconds: 754 });
    });

    it("switching back to YouTube asks for the id again", async () => {
      renderPage(list([]), { renderVideoUpload });
      const d = within(await openCreate());
      await userEvent.click(d.getByRole("radio", { name: "Uploaded video" }));
      await userEvent.click(d.getByRole("radio", { name: "YouTube" }));
      await userEvent.click(d.getByRole("button", { name: "Create Webinar" }));
      expect(await d.findByText("YouTube video ID is required")).toBeInTheDocument();
    });
  });
});
