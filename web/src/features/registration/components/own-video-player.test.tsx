import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, mockApi } from "@/test/utils";
import type { UploadedVideo } from "@/lib/registrations/schemas";
import { OwnVideoPlayer } from "./own-video-player";

/** A stand-in for hls.js: records its config and what it was given, and lets a test fire its events. */
class FakeHls {
  static instances: FakeHls[] = [];
  static Events = { MANIFEST_PARSED: "hlsManifestParsed", LEVEL_SWITCHED: "hlsLevelSwitched", ERROR: "hlsError" };
  static ErrorTypes = { NETWORK_ERROR: "networkError", MEDIA_ERROR: "mediaError" };
  handlers = new Map<string, (event: string, data: unknown) => void>();
  source: string | null = null;
  media: HTMLVideoElement | null = null;
  levels: { height: number }[] = [];
  nextLevel = -1;
  destroy = vi.fn();
  startLoad = vi.fn();
  recoverMediaError = vi.fn();
  constructor(readonly config: { xhrSetup: (xhr: XMLHttpRequest, url: string) => void }) {
    FakeHls.instances.push(this);
  }
  on(event: string, handler: (event: string, data: unknown) => void) {
    this.handlers.set(event, handler);
  }
  loadSource(url: string) {
    this.source = url;
  }
  attachMedia(media: HTMLVideoElement) {
    this.media = media;
  }
  fire(event: string, data: unknown) {
    act(() => this.handlers.get(event)?.(event, data));
  }
}

vi.mock("hls.js/light", () => ({ default: FakeHls }));

/** The browser's parsed captions track, which jsdom lacks. */
class FakeTextTrack extends EventTarget {
  mode: TextTrackMode = "disabled";
  cues: { startTime: number; endTime: number; text: string }[] = [];
  activeCues: FakeTextTrack["cues"] = [];
}
const fakeTracks = new WeakMap<HTMLTrackElement, FakeTextTrack>();

const upload: UploadedVideo = {
  webinarId: "w1",
  stream: { master_url: "/video/tok1.sig1/master.m3u8", expires_at: "2026-12-01T10:10:00Z", refresh_after_seconds: 300 },
  posterUrl: "/video/tok1.sig1/poster.jpg",
  captions: [
    { language: "en", label: "English", url: "/video/tok1.sig1/captions/en.vtt" },
    { language: "es", label: "Español", url: "/video/tok1.sig1/captions/es.vtt" },
  ],
};

let position = 0;

function renderPlayer(props: Partial<Parameters<typeof OwnVideoPlayer>[0]> = {}) {
  const callbacks = { onEnded: vi.fn(), onPlayed: vi.fn(), onPlaying: vi.fn(), onStopped: vi.fn() };
  const view = render(<OwnVideoPlayer videoId="" upload={upload} title="Safe Storage" maxRate={2} {...callbacks} {...props} />);
  const video = view.container.querySelector("video")!;
  return { ...view, ...callbacks, video };
}

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

async function loaded() {
  await advance(0);
  const hls = FakeHls.instances.at(-1);
  if (!hls) throw new Error("hls.js was not created");
  return hls;
}

function trackOf(video: HTMLVideoElement, language: string) {
  return fakeTracks.get(video.querySelector<HTMLTrackElement>(`track[srclang="${language}"]`)!)!;
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeHls.instances = [];
  position = 0;
  Object.defineProperty(HTMLTrackElement.prototype, "track", {
    configurable: true,
    get(this: HTMLTrackElement) {
      if (!fakeTracks.has(this)) fakeTracks.set(this, new FakeTextTrack());
      return fakeTracks.get(this);
    },
  });
  Object.defineProperty(HTMLMediaElement.prototype, "currentTime", {
    configurable: true,
    get: () => position,
    set(this: HTMLMediaElement, value: number) {
      position = value;
      this.dispatchEvent(new Event("seeking"));
    },
  });
  Object.defineProperty(HTMLMediaElement.prototype, "duration", { configurable: true, get: () => 200 });
  vi.stubGlobal("MediaSource", { isTypeSupported: () => true });
  mockApi(undefined, (url) =>
    url === "/api/webinars/w1/video/stream"
      ? jsonResponse({ master_url: "/video/tok2.sig2/master.m3u8", expires_at: "2026-12-01T10:15:00Z", refresh_after_seconds: 300 })
      : undefined,
  );
});

afterEach(() => {
  vi.useRealTimers();
  // The prototypes' own accessors come back (restoreMocks does not know these).
  delete (HTMLTrackElement.prototype as { track?: unknown }).track;
  delete (HTMLMediaElement.prototype as { currentTime?: unknown }).currentTime;
  delete (HTMLMediaElement.prototype as { duration?: unknown }).duration;
});

describe("OwnVideoPlayer", () => {
  it("plays the master playlist with hls.js, with the poster and a captions track per language", async () => {
    const { video } = renderPlayer();
    const hls = await loaded();
    expect(hls.source).toBe("/video/tok1.sig1/master.m3u8");
    expect(hls.media).toBe(video);
    expect(video).toHaveAttribute("poster", "/video/tok1.sig1/poster.jpg");
    const tracks = [...video.querySelectorAll("track")].map((t) => [t.kind, t.srclang, t.label, t.getAttribute("src")]);
    expect(tracks).toEqual([
      ["captions", "en", "English", "/video/tok1.sig1/captions/en.vtt"],
      ["captions", "es", "Español", "/video/tok1.sig1/captions/es.vtt"],
    ]);
  });

  it("uses the browser's own HLS where there is no Media Source Extensions", async () => {
    vi.stubGlobal("MediaSource", undefined);
    vi.spyOn(HTMLMediaElement.prototype, "canPlayType").mockImplementation((type) =>
      type === "application/vnd.apple.mpegurl" ? "maybe" : "",
    );
    const { video } = renderPlayer();
    await advance(0);
    expect(FakeHls.instances).toHaveLength(0);
    expect(video.getAttribute("src")).toBe("/video/tok1.sig1/master.m3u8");
  });

  it("says so when the browser can play HLS neither way", async () => {
    vi.stubGlobal("MediaSource", undefined);
    renderPlayer();
    await advance(0);
    expect(FakeHls.instances).toHaveLength(0);
    expect(screen.getByRole("alert")).toHaveTextContent("This browser cannot play this video. Please try another browser.");
  });

  it("refreshes the token every refresh_after_seconds and rewrites every later request with it", async () => {
    renderPlayer();
    const hls = await loaded();
    const open = vi.fn();
    hls.config.xhrSetup({ open } as unknown as XMLHttpRequest, "http://localhost:3000/video/tok1.sig1/720p/index.m3u8");
    expect(open).toHaveBeenLastCalledWith("GET", "http://localhost:3000/video/tok1.sig1/720p/index.m3u8", true);

    await advance(299_000);
    expect(vi.mocked(fetch).mock.calls.filter(([u]) => u === "/api/webinars/w1/video/stream")).toHaveLength(0);
    await advance(1000);
    expect(vi.mocked(fetch).mock.calls.filter(([u]) => u === "/api/webinars/w1/video/stream")).toHaveLength(1);

    hls.config.xhrSetup({ open } as unknown as XMLHttpRequest, "http://localhost:3000/video/tok1.sig1/720p/seg_00042.ts");
    expect(open).toHaveBeenLastCalledWith("GET", "http://localhost:3000/video/tok2.sig2/720p/seg_00042.ts", true);
  });

  it("takes a fresh token and loads on after a fatal network error", async () => {
    renderPlayer();
    const hls = await loaded();
    hls.fire(FakeHls.Events.ERROR, { fatal: true, type: FakeHls.ErrorTypes.NETWORK_ERROR });
    await advance(0);
    expect(hls.startLoad).toHaveBeenCalledTimes(1);
    const open = vi.fn();
    hls.config.xhrSetup({ open } as unknown as XMLHttpRequest, "/video/tok1.sig1/360p/seg_00001.ts");
    expect(open).toHaveBeenLastCalledWith("GET", "/video/tok2.sig2/360p/seg_00001.ts", true);

    // A second one before anything played again: over to the viewer.
    hls.fire(FakeHls.Events.ERROR, { fatal: true, type: FakeHls.ErrorTypes.NETWORK_ERROR });
    expect(screen.getByRole("alert")).toHaveTextContent("The video could not be loaded.");
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("chooses the quality by itself and lets the viewer pick one", async () => {
    renderPlayer();
    const hls = await loaded();
    hls.levels = [{ height: 360 }, { height: 720 }, { height: 1080 }];
    hls.fire(FakeHls.Events.MANIFEST_PARSED, { levels: hls.levels });
    hls.fire(FakeHls.Events.LEVEL_SWITCHED, { level: 1 });
    const select = screen.getByRole("combobox", { name: "Quality" });
    expect(within(select).getAllByRole("option").map((o) => o.textContent)).toEqual(["Auto (720p)", "1080p", "720p", "360p"]);

    fireEvent.change(select, { target: { value: "2" } });
    expect(hls.nextLevel).toBe(2);
    fireEvent.change(select, { target: { value: "-1" } });
    expect(hls.nextLevel).toBe(-1);
  });

  it("keeps the captions loaded and hidden, and shows the chosen language with CC", async () => {
    const { video } = renderPlayer();
    await loaded();
    expect(trackOf(video, "en").mode).toBe("hidden");
    expect(trackOf(video, "es").mode).toBe("hidden");

    const cc = screen.getByRole("button", { name: "Captions" });
    expect(cc).toHaveAttribute("aria-pressed", "false");
    fireEvent.click(cc);
    expect(cc).toHaveAttribute("aria-pressed", "true");
    expect(trackOf(video, "en").mode).toBe("showing");
    expect(trackOf(video, "es").mode).toBe("hidden");

    fireEvent.change(screen.getByRole("combobox", { name: "Captions language" }), { target: { value: "es" } });
    expect(trackOf(video, "en").mode).toBe("hidden");
    expect(trackOf(video, "es").mode).toBe("showing");

    fireEvent.click(cc);
    expect(trackOf(video, "es").mode).toBe("hidden");
  });

  it("reports played stretches, the end once, and stops at pause, as the YouTube player does", async () => {
    const { video, onPlayed, onPlaying, onStopped, onEnded } = renderPlayer();
    await loaded();
    act(() => video.dispatchEvent(new Event("playing")));
    expect(onPlaying).toHaveBeenCalledTimes(1);
    position = 1;
    await advance(1000);
    expect(onPlayed).toHaveBeenLastCalledWith(0, 1);

    act(() => video.dispatchEvent(new Event("pause")));
    expect(onStopped).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("region", { name: "Video: Safe Storage" })).toHaveAttribute("data-state", "paused");

    act(() => video.dispatchEvent(new Event("playing")));
    position = 200;
    act(() => video.dispatchEvent(new Event("ended")));
    expect(onEnded).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("progressbar", { name: "Watch progress" })).toHaveAttribute("aria-valuenow", "100");
  });

  it("sends a seek past the furthest point back when seeking is off", async () => {
    const { video } = renderPlayer({ seekLimit: 30 });
    await loaded();
    act(() => {
      video.currentTime = 150;
    });
    expect(position).toBe(30);
    expect(screen.getByText("Skipping ahead is off for this webinar: it returns you to the furthest point you watched.")).toBeInTheDocument();
  });

  it("caps the playback rate at the fastest the server credits", async () => {
    const { video } = renderPlayer({ maxRate: 2 });
    await loaded();
    video.playbackRate = 3;
    act(() => video.dispatchEvent(new Event("ratechange")));
    expect(video.playbackRate).toBe(2);
  });

  describe("transcript", () => {
    async function withCues(props: Partial<Parameters<typeof OwnVideoPlayer>[0]> = {}) {
      const view = renderPlayer(props);
      await loaded();
      const en = trackOf(view.video, "en");
      en.cues = [
        { startTime: 0, endTime: 4, text: "Welcome to <i>safe storage</i>." },
        { startTime: 4, endTime: 9, text: "<v Instructor>First, the lock box." },
        { startTime: 95, endTime: 99, text: "Now the gun safe." },
      ];
      act(() => view.video.querySelector('track[srclang="en"]')!.dispatchEvent(new Event("load")));
      return { ...view, en };
    }

    it("lists the captions' lines with their times; a line goes to its moment", async () => {
      await withCues();
      const transcript = screen.getByRole("region", { name: "Transcript" });
      const lines = within(transcript).getAllByRole("button");
      expect(lines.map((b) => b.textContent)).toEqual(["0:00Welcome to safe storage.", "0:04First, the lock box.", "1:35Now the gun safe."]);
      fireEvent.click(lines[2]);
      expect(position).toBe(95);
    });

    it("marks the line playing now and moves between lines with the arrow keys (one tab stop)", async () => {
      const { en } = await withCues();
      en.activeCues = [en.cues[1]];
      act(() => en.dispatchEvent(new Event("cuechange")));
      const lines = within(screen.getByRole("region", { name: "Transcript" })).getAllByRole("button");
      expect(lines[1]).toHaveAttribute("aria-current", "true");
      expect(lines.map((b) => b.tabIndex)).toEqual([-1, 0, -1]);

      lines[1].focus();
      fireEvent.keyDown(lines[1], { key: "ArrowDown" });
      expect(lines[2]).toHaveFocus();
      fireEvent.keyDown(lines[2], { key: "Home" });
      expect(lines[0]).toHaveFocus();
    });

    it("keeps to the seeking policy: a line past the furthest point returns there with the reason", async () => {
      await withCues({ seekLimit: 10 });
      fireEvent.click(screen.getByRole("button", { name: /Now the gun safe/ }));
      expect(position).toBe(10);
      expect(screen.getByText("Skipping ahead is off for this webinar: it returns you to the furthest point you watched.")).toBeInTheDocument();
      fireEvent.click(screen.getByRole("button", { name: /First, the lock box/ }));
      expect(position).toBe(4);
    });

    it("follows the captions language", async () => {
      const { video } = await withCues();
      trackOf(video, "es").cues = [{ startTime: 0, endTime: 4, text: "Bienvenidos." }];
      fireEvent.change(screen.getByRole("combobox", { name: "Captions language" }), { target: { value: "es" } });
      act(() => video.querySelector('track[srclang="es"]')!.dispatchEvent(new Event("load")));
      expect(within(screen.getByRole("region", { name: "Transcript" })).getAllByRole("button").map((b) => b.textContent)).toEqual([
        "0:00Bienvenidos.",
      ]);
    });
  });

  it("starts at a watch link's second once loaded, jumps and plays on 'Resume', and draws the overlay for the second playing", async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
    const overlay = (second: number) => <p>At second {second}</p>;
    const { video, rerender } = renderPlayer({ startAt: 42, renderOverlay: overlay });
    await loaded();
    fireEvent(video, new Event("loadedmetadata"));
    expect(position).toBe(42);
    fireEvent(video, new Event("timeupdate"));
    expect(screen.getByText("At second 42")).toBeInTheDocument();

    rerender(
      <OwnVideoPlayer videoId="" upload={upload} title="Safe Storage" maxRate={2} onEnded={() => {}} jump={{ seconds: 90, n: 1 }} renderOverlay={overlay} />,
    );
    expect(position).toBe(90);
    expect(play).toHaveBeenCalled();
    fireEvent(video, new Event("timeupdate"));
    expect(screen.getByText("At second 90")).toBeInTheDocument();
  });
});
