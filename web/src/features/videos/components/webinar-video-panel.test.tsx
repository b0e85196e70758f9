import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { adminSession, jsonResponse, mockApi, renderApp } from "@/test/utils";
import { WebinarVideoPanel } from "./webinar-video-panel";

type Handler = (url: string, init: RequestInit) => Response | Promise<Response> | undefined;

const VIDEO_URL = "/api/admin/webinars/w1/video";

function video(overrides: Record<string, unknown> = {}) {
  return {
    id: "v1",
    status: "ready",
    percent: 100,
    error: null,
    filename: "holsters.mp4",
    size_bytes: 734_003_200,
    duration_seconds: 754,
    renditions: ["360p", "720p"],
    created_at: "2026-11-30T10:00:00Z",
    captions: [],
    ...overrides,
  };
}

function answer(overrides: Record<string, unknown> = {}) {
  return { ffmpeg: true, max_bytes: 8 * 1024 ** 3, current: null, latest: null, ...overrides };
}

function renderPanel(handler: Handler, props: { onVideoReady?: (s: number) => void } = {}) {
  const fetchMock = mockApi(adminSession, handler);
  const utils = renderApp(<WebinarVideoPanel webinarId="w1" {...props} />);
  return { ...utils, fetchMock };
}

function calls(fetchMock: ReturnType<typeof mockApi>, method: string, url: string) {
  return fetchMock.mock.calls.filter(([u, init]) => u === url && (init?.method ?? "GET") === method);
}

afterEach(() => {
  vi.useRealTimers();
});

describe("WebinarVideoPanel", () => {
  it("without ffmpeg on the server, says so in one line instead of the uploader", async () => {
    renderPanel((url) => (url === VIDEO_URL ? jsonResponse(answer({ ffmpeg: false })) : undefined));
    expect(await screen.findByText("Video uploads need ffmpeg on the server; YouTube still works.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Upload a video/ })).not.toBeInTheDocument();
  });

  it("offers the upload of a webinar's first video, with the size cap", async () => {
    renderPanel((url) => (url === VIDEO_URL ? jsonResponse(answer({ max_bytes: 2 * 1024 ** 3 })) : undefined));
    expect(await screen.findByRole("button", { name: "Upload a video" })).toBeInTheDocument();
    expect(screen.getByText(/up to 2\.0 GB/)).toBeInTheDocument();
  });

  it("follows a video from queued through transcoding to ready, and hands its length to the form", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const states = [
      video({ status: "queued", percent: 0, duration_seconds: null, renditions: [] }),
      video({ status: "transcoding", percent: 42, duration_seconds: null, renditions: [] }),
      video({ status: "ready" }),
    ];
    let step = 0;
    const onVideoReady = vi.fn();
    const { fetchMock } = renderPanel(
      (url) => (url === VIDEO_URL ? jsonResponse(answer({ latest: states[step], current: step === 2 ? states[2] : null })) : undefined),
      { onVideoReady },
    );
    expect(await screen.findByText("Queued")).toBeInTheDocument();
    step = 1;
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(await screen.findByText("Transcoding 42 %")).toBeInTheDocument();
    step = 2;
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(await screen.findByText("Ready")).toBeInTheDocument();
    expect(screen.getByText(/12:34 · 360p, 720p/)).toBeInTheDocument();
    expect(onVideoReady).toHaveBeenCalledWith(754);
    expect(screen.getByRole("button", { name: "Replace the video" })).toBeInTheDocument();

    // Ready: no more asking.
    const asked = calls(fetchMock, "GET", VIDEO_URL).length;
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(calls(fetchMock, "GET", VIDEO_URL)).toHaveLength(asked);
  });

  it("shows a failure with its reason, and keeps the video the webinar plays", async () => {
    renderPanel((url) =>
      url === VIDEO_URL
        ? jsonResponse(
            answer({
              current: video(),
              latest: video({ id: "v2", filename: "notes.pdf", status: "failed", error: "This file is not a video ffmpeg can read." }),
            }),
          )
        : undefined,
    );
    expect(await screen.findByText("Failed: This file is not a video ffmpeg can read.")).toBeInTheDocument();
    expect(screen.getByText("holsters.mp4")).toBeInTheDocument();
    expect(screen.getByText("Ready")).toBeInTheDocument();
  });
});

describe("CaptionsEditor", () => {
  const tracks = [{ language: "en", label: "English", cues: 2 }];
  const cues = [
    { start: 0, end: 4.5, text: "Welcome to holster fitting." },
    { start: 4.5, end: 9, text: "First, the belt." },
  ];

  function withCaptions(extra: Handler = () => undefined) {
    return renderPanel((url, init) => extra(url, init) ?? (url === VIDEO_URL ? jsonResponse(answer({ current: video({ captions: tracks }), latest: video({ captions: tracks }) })) : undefined));
  }

  it("warns when the video has no captions", async () => {
    renderPanel((url) => (url === VIDEO_URL ? jsonResponse(answer({ current: video(), latest: video() })) : undefined));
    expect(await screen.findByText(/No captions yet/)).toBeInTheDocument();
  });

  it("uploads a captions file with its language and label", async () => {
    const { fetchMock } = withCaptions((url, init) =>
      url === "/api/admin/videos/v1/captions/es" && init.method === "PUT"
        ? jsonResponse({ caption: { language: "es", label: "Español", cues: [{ start: 0, end: 2, text: "Hola." }] } })
        : undefined,
    );
    const group = await screen.findByRole("group", { name: "Add captions" });
    await userEvent.clear(within(group).getByLabelText("Language"));
    await userEvent.type(within(group).getByLabelText("Language"), "es");
    await userEvent.clear(within(group).getByLabelText("Label"));
    await userEvent.type(within(group).getByLabelText("Label"), "Español");
    const srt = "1\n00:00:00,000 --> 00:00:02,000\nHola.\n";
    await userEvent.upload(within(group).getByLabelText("Captions file"), new File([srt], "es.srt", { type: "application/x-subrip" }));
    await userEvent.click(within(group).getByRole("button", { name: "Save captions" }));

    expect(await screen.findByText("Captions saved")).toBeInTheDocument();
    const [[, init]] = calls(fetchMock, "PUT", "/api/admin/videos/v1/captions/es");
    expect(JSON.parse(String(init?.body))).toEqual({ label: "Español", text: srt });
  });

  it("shows the server's refusal with the line at fault under the file", async () => {
    const message = "Line 7: the cue's end is before its start.";
    withCaptions((url, init) =>
      url === "/api/admin/videos/v1/captions/en" && init.method === "PUT"
        ? jsonResponse({ error: { code: "invalid", message, field: "text" } }, 400)
        : undefined,
    );
    const group = await screen.findByRole("group", { name: "Add captions" });
    await userEvent.upload(within(group).getByLabelText("Captions file"), new File(["WEBVTT\n"], "en.vtt", { type: "text/vtt" }));
    // Enter in a field saves the captions, not the webinar form around them.
    fireEvent.keyDown(within(group).getByLabelText("Label"), { key: "Enter" });
    expect(await within(group).findByText(message)).toBeInTheDocument();
    expect(within(group).getByLabelText("Captions file")).toHaveAttribute("aria-invalid", "true");
  });

  it("asks for a .vtt or .srt file", async () => {
    withCaptions();
    const group = await screen.findByRole("group", { name: "Add captions" });
    await userEvent.click(within(group).getByRole("button", { name: "Save captions" }));
    expect(await within(group).findByText("Choose a .vtt or .srt file")).toBeInTheDocument();
  });

  it("edits a line's text in place", async () => {
    const { fetchMock } = withCaptions((url, init) => {
      if (url === "/api/admin/videos/v1/captions/en" && (init.method ?? "GET") === "GET") return jsonResponse({ caption: { language: "en", label: "English", cues } });
      if (url === "/api/admin/videos/v1/captions/en/cues/1" && init.method === "PATCH") {
        return jsonResponse({ caption: { language: "en", label: "English", cues: [cues[0], { ...cues[1], text: "First, the gun belt." }] } });
      }
      return undefined;
    });
    await userEvent.click(await screen.findByRole("button", { name: "Edit lines of English" }));
    const lines = await screen.findByRole("list", { name: "Lines of the English captions" });
    expect(within(lines).getByText("0:04 – 0:09")).toBeInTheDocument();
    await userEvent.click(within(lines).getByRole("button", { name: "Edit line 2" }));
    const field = within(lines).getByLabelText("Text of line 2 (0:04 – 0:09)");
    await userEvent.clear(field);
    await userEvent.type(field, "First, the gun belt.");
    await userEvent.click(within(lines).getByRole("button", { name: "Save line" }));
    expect(await within(lines).findByText("First, the gun belt.")).toBeInTheDocument();
    const [[, init]] = calls(fetchMock, "PATCH", "/api/admin/videos/v1/captions/en/cues/1");
    expect(JSON.parse(String(init?.body))).toEqual({ text: "First, the gun belt." });
  });

  it("shows a refused line's reason at the line", async () => {
    withCaptions((url, init) => {
      if (url === "/api/admin/videos/v1/captions/en" && (init.method ?? "GET") === "GET") return jsonResponse({ caption: { language: "en", label: "English", cues } });
      if (url.endsWith("/cues/0") && init.method === "PATCH") {
        return jsonResponse({ error: { code: "invalid", message: "A line may not contain '-->'.", field: "text" } }, 400);
      }
      return undefined;
    });
    await userEvent.click(await screen.findByRole("button", { name: "Edit lines of English" }));
    await userEvent.click(await screen.findByRole("button", { name: "Edit line 1" }));
    await userEvent.type(screen.getByLabelText(/Text of line 1/), " -->");
    await userEvent.click(screen.getByRole("button", { name: "Save line" }));
    expect(await screen.findByText("A line may not contain '-->'.")).toBeInTheDocument();
    expect(screen.getByLabelText(/Text of line 1/)).toHaveAttribute("aria-invalid", "true");
  });

  it("deletes a track after confirmation", async () => {
    const { fetchMock } = withCaptions((url, init) =>
      url === "/api/admin/videos/v1/captions/en" && init.method === "DELETE" ? new Response(null, { status: 204 }) : undefined,
    );
    await userEvent.click(await screen.findByRole("button", { name: "Delete the English captions" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete the English captions?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete Captions" }));
    expect(await screen.findByText("Captions deleted")).toBeInTheDocument();
    await waitFor(() => expect(calls(fetchMock, "DELETE", "/api/admin/videos/v1/captions/en")).toHaveLength(1));
  });
});
