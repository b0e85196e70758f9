import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { REDIRECT_AFTER_AUTH_KEY } from "@/lib/redirect";
import { notify } from "@/lib/toast";
import { adminSession, jsonResponse, mockApi, renderApp, userSession } from "@/test/utils";
import { makeWebinar } from "@/test/webinars";
import type { Session } from "@/lib/auth/session-schemas";
import { TEMP_REGISTRATION_KEY, writeTempRegistration } from "../lib/temp-registration";
import { WebinarWatchPage, type WatchPurchaseProps } from "./webinar-watch-page";
import { makeRegistration } from "@/test/fixtures";

// The real player loads YouTube's script; here a button stands in for the video's end.
vi.mock("./video-player", () => ({
  VideoPlayer: ({ videoId, upload, onEnded }: { videoId: string; upload?: { stream: { master_url: string } }; onEnded: () => void }) => (
    <div data-testid="player" data-video-id={videoId} data-stream={upload?.stream.master_url}>
      <button type="button" onClick={onEnded}>
        End video
      </button>
    </div>
  ),
}));

const webinar = makeWebinar({ id: "w1", title: "Safe Storage at Home", description: "Locks, safes and the law." });

type Handler = (url: string, init: RequestInit) => Response | Promise<Response> | undefined;

/** A registered user by default; `registration` may be a function to vary the answers. */
function api({
  session = userSession,
  registration = () => jsonResponse({ registration: makeRegistration() }),
  handler = () => undefined,
}: { session?: Session; registration?: () => Response; handler?: Handler } = {}) {
  return mockApi(session, (url, init) => {
    const custom = handler(url, init);
    if (custom) return custom;
    if (url === "/api/webinars/w1") return jsonResponse(webinar);
    if (url === "/api/webinars/w1/registration") return registration();
    if (url === "/api/webinars/w1/video") return jsonResponse({ youtube_video_id: "aqz-KE-bpKQ", allow_seeking: true, max_playback_rate: 2 });
    return undefined;
  });
}

const renderPurchase = vi.fn(({ webinar: w, registration }: WatchPurchaseProps) => (
  <p>
    Purchase card for {w.title} (purchased: {String(registration?.purchased_coupon)})
  </p>
));

function renderWatch(entry: string | { pathname: string; state: unknown } = "/webinar/w1/watch") {
  return renderApp(
    [
      { path: "/webinar/:webinarId/watch", element: <WebinarWatchPage renderPurchase={renderPurchase} /> },
      { path: "*", element: <p>Other page</p> },
    ],
    { initialEntries: [entry] },
  );
}

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  // Let chained fetches and renders settle without moving the clock.
  for (let i = 0; i < 5; i += 1) await act(() => vi.advanceTimersByTimeAsync(0));
}

/**
 * Toasts fired by the access check, read from the notify calls: under fake
 * timers sonner drops a toast raised while effects flush, which real browsers
 * show (the e2e tests see them).
 */
function toasted() {
  return [...vi.mocked(notify.error).mock.calls, ...vi.mocked(notify.info).mock.calls].map(([title, description]) =>
    description ? `${title}: ${description}` : title,
  );
}

function registrationCalls(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls.filter(([u]) => u === "/api/webinars/w1/registration").length;
}

function posts(fetchMock: ReturnType<typeof mockApi>, url: string) {
  return fetchMock.mock.calls.filter(([u, init]) => u === url && init?.method === "POST");
}

describe("WebinarWatchPage", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    renderPurchase.mockClear();
    vi.spyOn(notify, "error");
    vi.spyOn(notify, "info");
  });
  afterEach(async () => {
    act(() => notify.dismiss());
    await advance(1000);
    vi.useRealTimers();
    vi.restoreAllMocks();
    localStorage.clear();
  });

  describe("access check (docs/product.md#states-and-transitions)", () => {
    it("sends a signed-out visitor to /auth?webinarId, remembering the watch page", async () => {
      api({ session: { user: null, profile: null } });
      const { router } = renderWatch();
      await advance(0);
      expect(toasted()).toEqual(["Authentication required: Please log in to watch this webinar"]);
      expect(router.state.location.pathname).toBe("/auth");
      expect(router.state.location.search).toBe("?webinarId=w1");
      expect(sessionStorage.getItem(REDIRECT_AFTER_AUTH_KEY)).toBe("/webinar/w1/watch");
    });

    it("lets a registered user in and clears the temporary marker", async () => {
      writeTempRegistration("w1", "u1");
      const fetchMock = api();
      renderWatch();
      expect(screen.getByText("Loading webinar content...")).toBeInTheDocument();
      await advance(0);
      expect(screen.getByRole("heading", { level: 1, name: "Safe Storage at Home" })).toBeInTheDocument();
      expect(screen.getByTestId("player")).toHaveAttribute("data-video-id", "aqz-KE-bpKQ");
      expect(screen.getByRole("heading", { name: "About this webinar" })).toBeInTheDocument();
      expect(screen.getByText("Locks, safes and the law.")).toBeInTheDocument();
      expect(localStorage.getItem(TEMP_REGISTRATION_KEY)).toBeNull();
      expect(registrationCalls(fetchMock)).toBe(1);
    });

    it("not registered: 'Registration required' at once, and the detail page 500 ms later", async () => {
      const fetchMock = api({ registration: () => jsonResponse({ registration: null }) });
      const { router } = renderWatch();
      await advance(0);
      expect(registrationCalls(fetchMock)).toBe(1);
      expect(toasted()).toEqual(["Registration required: Please register for this webinar to watch it."]);
      const alert = screen.getByRole("alert");
      expect(within(alert).getByText("Registration Issue")).toBeInTheDocument();
      expect(fetchMock.mock.calls.some(([u]) => u === "/api/webinars/w1/video")).toBe(false);

      await advance(499);
      expect(router.state.location.pathname).toBe("/webinar/w1/watch");
      await advance(1);
      expect(router.state.location.pathname).toBe("/webinar/w1");
      expect(registrationCalls(fetchMock)).toBe(1);
    });

    it("just registered (a marker): lets the user in as soon as a retry finds the registration", async () => {
      writeTempRegistration("w1", "u1"); // just registered here: the registration may still be landing
      let answers = 0;
      api({
        registration: () => {
          answers += 1;
          return jsonResponse({ registration: answers >= 3 ? makeRegistration() : null });
        },
      });
      renderWatch();
      await advance(0);
      expect(screen.getByText("Loading webinar content...")).toBeInTheDocument();
      await advance(2000 + 3000);
      expect(screen.getByRole("heading", { level: 1, name: "Safe Storage at Home" })).toBeInTheDocument();
      expect(screen.queryByText("Using Temporary Registration")).not.toBeInTheDocument();
    });

    it("with a fresh marker waits 2000 ms first and ends on 'Using Temporary Registration'", async () => {
      writeTempRegistration("w1", "u1");
      const fetchMock = api({ registration: () => jsonResponse({ registration: null }) });
      renderWatch();
      await advance(0);
      await advance(1999);
      expect(registrationCalls(fetchMock)).toBe(1);
      await advance(1);
      expect(registrationCalls(fetchMock)).toBe(2);
      await advance(3000 + 4500 + 6750 + 10125);
      expect(registrationCalls(fetchMock)).toBe(6);
      expect(toasted()).toEqual([
        "Using temporary registration: Your registration is still being confirmed. Enjoy the webinar.",
      ]);
      expect(screen.getByText("Using Temporary Registration")).toBeInTheDocument();
      expect(screen.getByRole("heading", { level: 1, name: "Safe Storage at Home" })).toBeInTheDocument();
    });

    it("does not accept a marker that is over 60 s old by the end of the retries", async () => {
      writeTempRegistration("w1", "u1", Date.now() - 40_000);
      api({ registration: () => jsonResponse({ registration: null }) });
      const { router } = renderWatch();
      await advance(0);
      await advance(2000 + 3000 + 4500 + 6750 + 10125);
      expect(toasted()).toEqual(["Registration required: Please register for this webinar to watch it."]);
      expect(screen.getByText("Registration Issue")).toBeInTheDocument();
      await advance(500);
      expect(router.state.location.pathname).toBe("/webinar/w1");
    });

    it("says 'Registration verification failed' when the checks fail", async () => {
      const fetchMock = api({ registration: () => jsonResponse({ error: { code: "internal", message: "boom" } }, 500) });
      const { router } = renderWatch();
      await advance(0);
      // Each failed check is itself retried once (docs/product.md#timings-and-constants), which takes a moment more.
      for (const delay of [1500, 2250, 3375, 5063, 7594, 5000]) await advance(delay);
      expect(registrationCalls(fetchMock)).toBe(12);
      expect(toasted()).toEqual([
        "Registration verification failed: We couldn't verify your registration. Please try again.",
      ]);
      expect(router.state.location.pathname).toBe("/webinar/w1");
    });
  });

  it("shows 'Error Loading Webinar' with 'Return to Webinars' when the webinar cannot be loaded", async () => {
    const fetchMock = api({
      handler: (url) =>
        url === "/api/webinars/w1"
          ? jsonResponse({ error: { code: "not_found", message: "Webinar not found" } }, 404)
          : undefined,
    });
    renderWatch();
    await advance(0);
    expect(screen.getByRole("heading", { name: "Error Loading Webinar" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Webinar not found");
    expect(screen.getByRole("link", { name: "Return to Webinars" })).toHaveAttribute("href", "/webinars");
    await advance(30_000);
    expect(screen.getByRole("heading", { name: "Error Loading Webinar" })).toBeInTheDocument();
    expect(registrationCalls(fetchMock)).toBe(0);
  });

  it("clears the local watched-flags on arrival", async () => {
    localStorage.setItem("webinar_w1_watched", "true");
    localStorage.setItem("webinar_w1_progress", "100");
    api();
    renderWatch();
    await advance(0);
    expect(localStorage.getItem("webinar_w1_watched")).toBeNull();
    expect(localStorage.getItem("webinar_w1_progress")).toBeNull();
  });

  it("shows the green 'Registration Successful' alert for 10 s after registering", async () => {
    api();
    renderWatch({
      pathname: "/webinar/w1/watch",
      state: { justRegistered: true, registrationTime: "2026-12-01T18:00:00Z" },
    });
    await advance(0);
    expect(screen.getByText("Registration Successful")).toBeInTheDocument();
    await advance(9_999);
    expect(screen.getByText("Registration Successful")).toBeInTheDocument();
    await advance(1);
    expect(screen.queryByText("Registration Successful")).not.toBeInTheDocument();
  });

  it("shows no 'Registration Successful' alert without justRegistered", async () => {
    api();
    renderWatch();
    await advance(0);
    expect(screen.getByRole("heading", { level: 1 })).toBeInTheDocument();
    expect(screen.queryByText("Registration Successful")).not.toBeInTheDocument();
  });

  describe("the store's own video (docs/product.md#the-stores-own-videos)", () => {
    const ownVideo = (stream: unknown) => ({
      source: "upload",
      youtube_video_id: "",
      video_length_seconds: 120,
      allow_seeking: true,
      max_playback_rate: 2,
      stream,
      poster_url: "/video/t.s/poster.jpg",
      captions: [{ language: "en", label: "English", url: "/video/t.s/captions/en.vtt" }],
    });

    it("plays the uploaded video's stream", async () => {
      api({
        handler: (url) =>
          url === "/api/webinars/w1/video"
            ? jsonResponse(ownVideo({ master_url: "/video/t.s/master.m3u8", expires_at: "2026-12-01T10:10:00Z", refresh_after_seconds: 300 }))
            : url === "/api/webinars/w1/registration/progress"
              ? jsonResponse({ progress: { length_seconds: 120, watched_seconds: 0, percent: 0, furthest_seconds: 0, watched_fully: false, complete_percent: 90, allow_seeking: true } })
              : undefined,
      });
      renderWatch();
      await advance(0);
      expect(screen.getByTestId("player")).toHaveAttribute("data-stream", "/video/t.s/master.m3u8");
    });

    it("says the video is being prepared while it has no stream", async () => {
      api({ handler: (url) => (url === "/api/webinars/w1/video" ? jsonResponse(ownVideo(null)) : undefined) });
      renderWatch();
      await advance(0);
      expect(screen.getByRole("status")).toHaveTextContent("This video is being prepared. Please check back soon.");
      expect(screen.queryByTestId("player")).not.toBeInTheDocument();
    });
  });

  describe("after the end (docs/product.md#states-and-transitions)", () => {
    it("records the completion once, toasts, and shows the congratulations and the purchase card", async () => {
      const fetchMock = api({
        handler: (url, init) =>
          url === "/api/webinars/w1/registration/watched" && init.method === "POST"
            ? jsonResponse({ registration: makeRegistration({ watched_video_fully: true }) })
            : undefined,
      });
      renderWatch();
      await advance(0);
      expect(screen.queryByText(/Purchase card/)).not.toBeInTheDocument();
      expect(screen.queryByRole("heading", { name: "Congratulations!" })).not.toBeInTheDocument();

      fireEvent.click(screen.getByRole("button", { name: "End video" }));
      await advance(0);
      expect(posts(fetchMock, "/api/webinars/w1/registration/watched")).toHaveLength(1);
      expect(screen.getByText("Video completed!")).toBeInTheDocument();
      expect(screen.getByText("You've successfully completed watching this webinar.")).toBeInTheDocument();
      expect(screen.getByRole("heading", { name: "Congratulations!" })).toBeInTheDocument();
      expect(screen.getByText("Purchase card for Safe Storage at Home (purchased: false)")).toBeInTheDocument();
      expect(screen.getByText("Completed")).toBeInTheDocument();

      // Already true now: a second end sends nothing.
      fireEvent.click(screen.getByRole("button", { name: "End video" }));
      await advance(0);
      expect(posts(fetchMock, "/api/webinars/w1/registration/watched")).toHaveLength(1);
    });

    it("shows the purchase card at once when the server says the video was watched", async () => {
      const fetchMock = api({
        registration: () => jsonResponse({ registration: makeRegistration({ watched_video_fully: true, purchased_coupon: true }) }),
      });
      renderWatch();
      await advance(0);
      expect(screen.getByText("Purchase card for Safe Storage at Home (purchased: true)")).toBeInTheDocument();
      fireEvent.click(screen.getByRole("button", { name: "End video" }));
      await advance(0);
      expect(posts(fetchMock, "/api/webinars/w1/registration/watched")).toHaveLength(0);
    });

    it("says 'Error updating watch status' when the server cannot record it", async () => {
      api({
        handler: (url, init) =>
          url === "/api/webinars/w1/registration/watched" && init.method === "POST"
            ? jsonResponse({ error: { code: "internal", message: "boom" } }, 500)
            : undefined,
      });
      renderWatch();
      await advance(0);
      fireEvent.click(screen.getByRole("button", { name: "End video" }));
      await advance(0);
      expect(screen.getByText("Error updating watch status")).toBeInTheDocument();
      expect(screen.getByText("There was a problem recording your video completion.")).toBeInTheDocument();
      // Not recorded: no offer that the coupon page would turn away.
      expect(screen.queryByText(/Purchase card for/)).not.toBeInTheDocument();
      expect(screen.getByRole("heading", { name: "Watch to unlock your offer" })).toBeInTheDocument();
    });
  });

  describe("resets", () => {
    it("'Reset Status' resets on the server and hides the purchase section again", async () => {
      const fetchMock = api({
        registration: () => jsonResponse({ registration: makeRegistration({ watched_video_fully: true }) }),
        handler: (url, init) =>
          url === "/api/webinars/w1/registration/reset" && init.method === "POST"
            ? jsonResponse({ registration: makeRegistration() })
            : undefined,
      });
      renderWatch();
      await advance(0);
      expect(screen.getByText(/Purchase card for/)).toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "Force Reset" })).not.toBeInTheDocument();
      fireEvent.click(screen.getByRole("button", { name: "Reset Status" }));
      await advance(0);
      expect(posts(fetchMock, "/api/webinars/w1/registration/reset")).toHaveLength(1);
      expect(screen.getByText("Reset successful!")).toBeInTheDocument();
      expect(screen.getByText("Watched status has been reset for testing.")).toBeInTheDocument();
      expect(screen.queryByText(/Purchase card for/)).not.toBeInTheDocument();
      expect(screen.getByText("In Progress")).toBeInTheDocument();
    });

    it("'Reset Status' failing says 'Error resetting status'", async () => {
      api({
        handler: (url, init) =>
          url === "/api/webinars/w1/registration/reset" && init.method === "POST"
            ? jsonResponse({ error: { code: "not_found", message: "Registration not found" } }, 404)
            : undefined,
      });
      renderWatch();
      await advance(0);
      fireEvent.click(screen.getByRole("button", { name: "Reset Status" }));
      await advance(0);
      expect(screen.getByText("Error resetting status")).toBeInTheDocument();
      expect(screen.getByText("Registration not found")).toBeInTheDocument();
    });

    it("'Force Reset' (admins only) resets the admin's own registration, then reloads after 1 s", async () => {
      const reload = vi.fn();
      const original = window.location;
      Object.defineProperty(window, "location", { configurable: true, value: { ...original, reload } });
      try {
        const fetchMock = api({
          session: adminSession,
          registration: () => jsonResponse({ registration: makeRegistration({ user_id: "a1" }) }),
          handler: (url, init) =>
            url === "/api/admin/registrations/reset" && init.method === "POST"
              ? jsonResponse({ registration: makeRegistration({ user_id: "a1" }) })
              : undefined,
        });
        renderWatch();
        await advance(0);
        fireEvent.click(screen.getByRole("button", { name: "Force Reset" }));
        await advance(0);
        const [call] = posts(fetchMock, "/api/admin/registrations/reset");
        expect(JSON.parse(String(call[1]?.body))).toEqual({ webinar_id: "w1", user_id: "a1" });
        expect(screen.getByText("Reset Complete")).toBeInTheDocument();
        await advance(999);
        expect(reload).not.toHaveBeenCalled();
        await advance(1);
        expect(reload).toHaveBeenCalledTimes(1);
      } finally {
        Object.defineProperty(window, "location", { configurable: true, value: original });
      }
    });

    it("'Force Reset' failing says 'Reset Failed'", async () => {
      api({
        session: adminSession,
        handler: (url, init) =>
          url === "/api/admin/registrations/reset" && init.method === "POST"
            ? jsonResponse({ error: { code: "not_found", message: "Registration not found" } }, 404)
            : undefined,
      });
      renderWatch();
      await advance(0);
      fireEvent.click(screen.getByRole("button", { name: "Force Reset" }));
      await advance(0);
      expect(screen.getByText("Reset Failed")).toBeInTheDocument();
    });
  });
});
