import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

type Loader = typeof import("./youtube-api");

/** A fresh copy of the module, so each test starts with no load in flight. */
async function freshLoader(): Promise<Loader> {
  vi.resetModules();
  return import("./youtube-api");
}

function apiScripts(): HTMLScriptElement[] {
  return [...document.querySelectorAll<HTMLScriptElement>('script[src="https://www.youtube.com/iframe_api"]')];
}

class FakePlayer {}

/** What the real script does once its widget code has run. */
function announceReady() {
  window.YT = { Player: FakePlayer as never };
  window.onYouTubeIframeAPIReady?.();
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  for (const script of apiScripts()) script.remove();
  delete window.YT;
  delete window.onYouTubeIframeAPIReady;
});

describe("loadYouTubeIframeApi", () => {
  it("adds the official script once and shares one promise", async () => {
    const { loadYouTubeIframeApi } = await freshLoader();
    const first = loadYouTubeIframeApi();
    const second = loadYouTubeIframeApi();
    expect(second).toBe(first);
    expect(apiScripts()).toHaveLength(1);
    expect(apiScripts()[0].async).toBe(true);

    announceReady();
    await expect(first).resolves.toMatchObject({ Player: FakePlayer });
    await expect(loadYouTubeIframeApi()).resolves.toMatchObject({ Player: FakePlayer });
    expect(apiScripts()).toHaveLength(1);
  });

  it("starts afresh when the pending load's script tag has left the page", async () => {
    const { loadYouTubeIframeApi } = await freshLoader();
    const first = loadYouTubeIframeApi();
    first.catch(() => {}); // it can never finish: its tag is gone
    for (const script of apiScripts()) script.remove();
    const second = loadYouTubeIframeApi();
    expect(second).not.toBe(first);
    expect(apiScripts()).toHaveLength(1);
    announceReady();
    await expect(second).resolves.toMatchObject({ Player: FakePlayer });
  });

  it("uses an API that is already on the page without adding a script", async () => {
    window.YT = { Player: FakePlayer as never };
    const { loadYouTubeIframeApi } = await freshLoader();
    await expect(loadYouTubeIframeApi()).resolves.toMatchObject({ Player: FakePlayer });
    expect(apiScripts()).toHaveLength(0);
  });

  it("waits while window.YT holds only the script's loading flags", async () => {
    window.YT = {};
    const { loadYouTubeIframeApi } = await freshLoader();
    const loading = loadYouTubeIframeApi();
    expect(apiScripts()).toHaveLength(1);
    announceReady();
    await expect(loading).resolves.toMatchObject({ Player: FakePlayer });
  });

  it("still calls an onYouTubeIframeAPIReady that was there before", async () => {
    const earlier = vi.fn();
    window.onYouTubeIframeAPIReady = earlier;
    const { loadYouTubeIframeApi } = await freshLoader();
    const loading = loadYouTubeIframeApi();
    announceReady();
    await loading;
    expect(earlier).toHaveBeenCalledTimes(1);
  });

  it("rejects when the script fails to load, and a later call loads it again", async () => {
    const earlier = vi.fn();
    window.onYouTubeIframeAPIReady = earlier;
    const { loadYouTubeIframeApi } = await freshLoader();
    const failed = loadYouTubeIframeApi();
    apiScripts()[0].dispatchEvent(new Event("error"));
    await expect(failed).rejects.toThrow(/Failed to load/);
    expect(apiScripts()).toHaveLength(0);
    expect(window.onYouTubeIframeAPIReady).toBe(earlier);

    const retry = loadYouTubeIframeApi();
    expect(retry).not.toBe(failed);
    expect(apiScripts()).toHaveLength(1);
    announceReady();
    await expect(retry).resolves.toMatchObject({ Player: FakePlayer });
  });

  it("rejects after 10 seconds without the ready callback", async () => {
    const { loadYouTubeIframeApi, YOUTUBE_API_LOAD_TIMEOUT_MS } = await freshLoader();
    expect(YOUTUBE_API_LOAD_TIMEOUT_MS).toBe(10_000);
    const loading = loadYouTubeIframeApi();
    let outcome = "pending";
    loading.then(
      () => (outcome = "resolved"),
      (error: Error) => (outcome = error.message),
    );
    await vi.advanceTimersByTimeAsync(9_999);
    expect(outcome).toBe("pending");
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toMatch(/Timed out/);
    expect(apiScripts()).toHaveLength(0);
  });
});
