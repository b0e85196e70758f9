import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { YTDataEvent, YTPlayerOptions } from "../lib/youtube-api";
import { VideoPlayer } from "./video-player";

/** A stand-in for YT.Player: records what it was given and lets a test drive it. */
class FakePlayer {
  static instances: FakePlayer[] = [];
  currentTime = 0;
  duration = 200;
  state = -1;
  destroyed = false;
  readonly target: HTMLElement;

  constructor(
    target: HTMLElement | string,
    readonly options: YTPlayerOptions,
  ) {
    this.target = target as HTMLElement;
    const iframe = document.createElement("iframe");
    this.target.replaceWith(iframe);
    FakePlayer.instances.push(this);
  }

  getCurrentTime = () => this.currentTime;
  getDuration = () => this.duration;
  getPlayerState = () => this.state;
  playVideo = () => this.setState(1);
  pauseVideo = () => this.setState(2);
  seekTo = vi.fn((seconds: number) => {
    this.currentTime = seconds;
  });
  destroy = vi.fn(() => {
    this.destroyed = true;
  });

  ready() {
    act(() => this.options.events?.onReady?.({ target: this }));
  }
  setState(state: number) {
    this.state = state;
    act(() => this.options.events?.onStateChange?.({ target: this, data: state } as YTDataEvent));
  }
  fail(code: number) {
    act(() => this.options.events?.onError?.({ target: this, data: code } as YTDataEvent));
  }
}

const PLAYING = 1;
const PAUSED = 2;
const ENDED = 0;

function players() {
  return FakePlayer.instances;
}
function lastPlayer() {
  const player = players().at(-1);
  if (!player) throw new Error("no player was created");
  return player;
}

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

function progressBar() {
  return screen.getByRole("progressbar", { name: "Watch progress" });
}

function expectProgress(percent: number) {
  expect(progressBar()).toHaveAttribute("aria-valuenow", String(percent));
  expect(screen.getByText(`${percent}% watched`)).toBeInTheDocument();
}

function renderPlayer(props: Partial<Parameters<typeof VideoPlayer>[0]> = {}) {
  const onEnded = vi.fn();
  const onProgress = vi.fn();
  const view = render(
    <VideoPlayer videoId="abc123XYZ_0" onEnded={onEnded} onProgress={onProgress} title="Safe Storage" maxRate={2} {...props} />,
  );
  return { ...view, onEnded, onProgress };
}

/** Renders, waits out the init delay and lets the player report ready. */
async function renderReadyPlayer(props: Partial<Parameters<typeof VideoPlayer>[0]> = {}) {
  const view = renderPlayer(props);
  await advance(500);
  lastPlayer().ready();
  return view;
}

beforeEach(() => {
  vi.useFakeTimers();
  FakePlayer.instances = [];
  window.YT = { Player: FakePlayer as never };
});

afterEach(() => {
  vi.useRealTimers();
  delete window.YT;
  delete window.onYouTubeIframeAPIReady;
  document.querySelectorAll('script[src="https://www.youtube.com/iframe_api"]').forEach((s) => s.remove());
});

describe("VideoPlayer", () => {
  it("creates the player after the 500 ms init delay, with the embed options", async () => {
    const { container } = renderPlayer();
    expect(screen.getByText("Loading video...")).toBeInTheDocument();
    expect(container.querySelector("section")).toHaveAttribute("data-state", "loading");
    expectProgress(0);

    await advance(499);
    expect(players()).toHaveLength(0);
    await advance(1);
    expect(players()).toHaveLength(1);

    const { options, target } = lastPlayer();
    expect(target).toBeInstanceOf(HTMLDivElement);
    expect(options.videoId).toBe("abc123XYZ_0");
    expect(options.playerVars).toEqual({ rel: 0, modestbranding: 1, playsinline: 1, origin: window.location.origin });
    expect(options.host).toBe("https://www.youtube-nocookie.com");

    lastPlayer().ready();
    expect(screen.queryByText("Loading video...")).not.toBeInTheDocument();
    expect(container.querySelector("section")).toHaveAttribute("data-state", "ready");
    expect(container.querySelector("iframe")).toHaveAttribute("title", "Video: Safe Storage");
  });

  it("polls progress every second while playing and shows it on the bar", async () => {
    const { container, onProgress } = await renderReadyPlayer();
    const player = lastPlayer();

    player.setState(PLAYING);
    expect(container.querySelector("section")).toHaveAttribute("data-state", "playing");
    expectProgress(0);

    player.currentTime = 100; // of 200 s
    await advance(999);
    expectProgress(0);
    await advance(1);
    expectProgress(50);
    expect(onProgress).toHaveBeenLastCalledWith(50);

    player.currentTime = 121;
    await advance(1000);
    expectProgress(61);

    // Paused: the position is read once, then polling stops.
    player.currentTime = 130;
    player.setState(PAUSED);
    expect(container.querySelector("section")).toHaveAttribute("data-state", "paused");
    expectProgress(65);
    player.currentTime = 180;
    await advance(5000);
    expectProgress(65);
  });

  it("does not claim 100% before the end, then shows 100% and calls onEnded once per end", async () => {
    const { container, onEnded, onProgress } = await renderReadyPlayer();
    const player = lastPlayer();
    player.setState(PLAYING);
    player.currentTime = 199.5;
    await advance(1000);
    expectProgress(99);
    expect(onEnded).not.toHaveBeenCalled();

    player.setState(ENDED);
    player.setState(ENDED); // a repeated event is the same end
    expect(container.querySelector("section")).toHaveAttribute("data-state", "ended");
    expectProgress(100);
    expect(onProgress).toHaveBeenLastCalledWith(100);
    expect(onEnded).toHaveBeenCalledTimes(1);

    await advance(5000); // polling stopped
    expect(onEnded).toHaveBeenCalledTimes(1);

    // Watched again to the end: another end.
    player.currentTime = 0;
    player.setState(PLAYING);
    player.setState(ENDED);
    expect(onEnded).toHaveBeenCalledTimes(2);
  });

  it.each([
    [2, "The request contains an invalid parameter value."],
    [5, "The requested content cannot be played in an HTML5 player."],
    [100, "The video requested was not found."],
    [101, "The video owner does not allow this video to be played in embedded players."],
    [150, "The video owner does not allow this video to be played in embedded players."],
    [153, "An unknown error occurred with the video player."],
  ])("shows error code %i as %j", async (code, message) => {
    const { container } = await renderReadyPlayer();
    lastPlayer().fail(code);
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent(`${message} Will retry automatically`);
    expect(alert).toHaveTextContent("refresh the page or try another browser");
    expect(container.querySelector("section")).toHaveAttribute("data-state", "error");
  });

  it("retries up to 3 times, 2 s apart, then asks for a refresh", async () => {
    await renderReadyPlayer();
    for (let retry = 1; retry <= 3; retry++) {
      const failing = lastPlayer();
      failing.fail(100);
      expect(screen.getByRole("alert")).toHaveTextContent("The video requested was not found. Will retry automatically");
      expect(screen.queryByRole("button", { name: "Try again" })).not.toBeInTheDocument();

      await advance(1999);
      expect(players()).toHaveLength(retry);
      await advance(1);
      expect(failing.destroy).toHaveBeenCalled();
      expect(players()).toHaveLength(retry + 1);
      expect(screen.queryByRole("alert")).not.toBeInTheDocument();
      lastPlayer().ready();
    }

    lastPlayer().fail(100);
    expect(screen.getByRole("alert")).toHaveTextContent("The video requested was not found. Please refresh the page");
    await advance(10_000);
    expect(players()).toHaveLength(4);

    // The viewer may start over by hand.
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await advance(500);
    expect(players()).toHaveLength(5);
    lastPlayer().fail(5);
    expect(screen.getByRole("alert")).toHaveTextContent("Will retry automatically");
  });

  it("says so when the IFrame API cannot be loaded", async () => {
    delete window.YT;
    renderPlayer();
    await advance(500);
    const script = document.querySelector('script[src="https://www.youtube.com/iframe_api"]');
    expect(script).not.toBeNull();
    await act(async () => {
      script!.dispatchEvent(new Event("error"));
    });
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Failed to initialize the video player. Please try again later.");
    expect(alert).not.toHaveTextContent("Will retry automatically");
    expect(alert).toHaveTextContent("refresh the page or try another browser");
    expect(players()).toHaveLength(0);
  });

  it("tears the player and its timers down on unmount", async () => {
    const { unmount, onProgress } = await renderReadyPlayer();
    const player = lastPlayer();
    player.setState(PLAYING);
    onProgress.mockClear();
    unmount();
    expect(player.destroy).toHaveBeenCalledTimes(1);
    player.currentTime = 100;
    await advance(5000);
    expect(onProgress).not.toHaveBeenCalled();
  });

  it("does not create a player when unmounted during the init delay", async () => {
    const { unmount } = renderPlayer();
    await advance(200);
    unmount();
    await advance(1000);
    expect(players()).toHaveLength(0);
  });

  it("starts afresh for another video", async () => {
    const { rerender, onEnded, onProgress } = await renderReadyPlayer();
    const first = lastPlayer();
    first.setState(PLAYING);
    first.currentTime = 100;
    await advance(1000);
    expectProgress(50);

    rerender(<VideoPlayer videoId="other-video" onEnded={onEnded} onProgress={onProgress} maxRate={2} />);
    expect(first.destroy).toHaveBeenCalledTimes(1);
    expectProgress(0);
    await advance(500);
    expect(players()).toHaveLength(2);
    expect(lastPlayer().options.videoId).toBe("other-video");
  });

  it("starts at a watch link's second, jumps and plays on 'Resume', and draws the overlay for the second playing", async () => {
    const { rerender } = await renderReadyPlayer({
      startAt: 42,
      renderOverlay: (second) => <p>At second {second}</p>,
    });
    expect(lastPlayer().options.playerVars?.start).toBe(42);
    lastPlayer().currentTime = 42.6;
    await advance(250);
    expect(screen.getByText("At second 42")).toBeInTheDocument();

    rerender(
      <VideoPlayer
        videoId="abc123XYZ_0"
        onEnded={() => {}}
        title="Safe Storage"
        maxRate={2}
        jump={{ seconds: 90, n: 1 }}
        renderOverlay={(second) => <p>At second {second}</p>}
      />,
    );
    expect(lastPlayer().seekTo).toHaveBeenCalledWith(90, true);
    expect(lastPlayer().state).toBe(PLAYING);
    await advance(250);
    expect(screen.getByText("At second 90")).toBeInTheDocument();
  });
});
