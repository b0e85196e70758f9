import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { VideoUploader } from "./video-uploader";

/** A stand-in for Uppy: records how it was set up and lets a test fire its events. */
class FakeUppy {
  static instances: FakeUppy[] = [];
  plugins: [unknown, Record<string, unknown>][] = [];
  added: Record<string, unknown> | null = null;
  paused = false;
  handlers = new Map<string, (...args: unknown[]) => void>();
  upload = vi.fn(() => new Promise(() => {}));
  pauseResume = vi.fn(() => (this.paused = !this.paused));
  retryUpload = vi.fn(() => Promise.resolve(undefined));
  cancelAll = vi.fn();
  pauseAll = vi.fn();
  destroy = vi.fn();
  constructor(readonly opts: Record<string, unknown>) {
    FakeUppy.instances.push(this);
  }
  use(plugin: unknown, opts: Record<string, unknown>) {
    this.plugins.push([plugin, opts]);
    return this;
  }
  addFile(file: Record<string, unknown>) {
    this.added = file;
    return "file-1";
  }
  getFile() {
    return { isPaused: this.paused };
  }
  on(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.set(event, handler);
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    act(() => this.handlers.get(event)?.(...args));
  }
}
const FakeTus = { name: "Tus" };

vi.mock("@uppy/core", () => ({ default: FakeUppy }));
vi.mock("@uppy/tus", () => ({ default: FakeTus }));

const GB = 1024 ** 3;

function renderUploader(maxBytes = 8 * GB) {
  const onUploaded = vi.fn();
  const onBusyChange = vi.fn();
  const view = render(<VideoUploader webinarId="w1" maxBytes={maxBytes} replacing={false} onUploaded={onUploaded} onBusyChange={onBusyChange} />);
  return { ...view, onUploaded, onBusyChange };
}

/** A file that says it is big without holding the bytes. */
function videoFile(name = "holsters.mp4", size = 2 * GB) {
  const file = new File(["x"], name, { type: "video/mp4" });
  Object.defineProperty(file, "size", { value: size });
  return file;
}

async function choose(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  await userEvent.upload(input, file);
  await screen.findByRole("progressbar");
  const uppy = FakeUppy.instances.at(-1);
  if (!uppy) throw new Error("Uppy was not created");
  return uppy;
}

beforeEach(() => {
  FakeUppy.instances = [];
});

describe("VideoUploader", () => {
  it("uploads over tus to the video upload endpoint, with the webinar and file name, in 32 MB chunks with retries", async () => {
    const { onBusyChange } = renderUploader();
    expect(screen.getByRole("button", { name: "Upload a video" })).toBeInTheDocument();
    const uppy = await choose(videoFile());
    const [[plugin, opts]] = uppy.plugins;
    expect(plugin).toBe(FakeTus);
    expect(opts).toMatchObject({
      endpoint: "/api/admin/video-uploads/",
      chunkSize: 32 * 1024 * 1024,
      allowedMetaFields: ["webinar_id", "filename"],
    });
    expect(opts.retryDelays).toEqual(expect.arrayContaining([0, 1000, 3000]));
    expect(uppy.added).toMatchObject({ name: "holsters.mp4", meta: { webinar_id: "w1", filename: "holsters.mp4" } });
    expect(uppy.upload).toHaveBeenCalledTimes(1);
    expect(onBusyChange).toHaveBeenLastCalledWith(true);
  });

  it("shows the progress, pauses and resumes", async () => {
    const { onBusyChange } = renderUploader();
    const uppy = await choose(videoFile());
    uppy.fire("upload-progress", {}, { bytesUploaded: 0.42 * 2 * GB, bytesTotal: 2 * GB });
    const bar = screen.getByRole("progressbar", { name: "holsters.mp4" });
    expect(bar).toHaveAttribute("aria-valuenow", "42");
    expect(screen.getByText("860.2 MB of 2.0 GB (42 %)")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Pause" }));
    expect(uppy.pauseResume).toHaveBeenCalledTimes(1);
    expect(screen.getByText("Paused")).toBeInTheDocument();
    expect(onBusyChange).toHaveBeenLastCalledWith(false);

    await userEvent.click(screen.getByRole("button", { name: "Resume" }));
    expect(uppy.pauseResume).toHaveBeenCalledTimes(2);
    expect(screen.getByText("Uploading")).toBeInTheDocument();
    expect(onBusyChange).toHaveBeenLastCalledWith(true);
  });

  it("tells the panel when the upload is whole, and is ready for another", async () => {
    const { onUploaded, onBusyChange } = renderUploader();
    const uppy = await choose(videoFile());
    uppy.fire("upload-success", {}, { uploadURL: "/api/admin/video-uploads/abc" });
    expect(onUploaded).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button", { name: "Upload a video" })).toBeInTheDocument();
    expect(onBusyChange).toHaveBeenLastCalledWith(false);
  });

  it("shows the server's refusal, and may resume from where the server has it", async () => {
    renderUploader();
    const uppy = await choose(videoFile());
    const refusal = JSON.stringify({ error: { code: "too_large", message: "Videos may be at most 8 GB." } });
    uppy.fire("upload-error", {}, new Error("tus: unexpected response"), { status: 413, body: { xhr: { responseText: refusal } } });
    expect(screen.getByRole("alert")).toHaveTextContent("Videos may be at most 8 GB.");

    await userEvent.click(screen.getByRole("button", { name: "Resume" }));
    expect(uppy.retryUpload).toHaveBeenCalledWith("file-1");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("says a lost connection may be resumed", async () => {
    renderUploader();
    const uppy = await choose(videoFile());
    uppy.fire("upload-error", {}, new Error("NetworkError"), undefined);
    expect(screen.getByRole("alert")).toHaveTextContent("The upload lost its connection. Press Resume to go on.");
  });

  it("cancels: the partial upload goes", async () => {
    renderUploader();
    const uppy = await choose(videoFile());
    await userEvent.click(screen.getByRole("button", { name: "Cancel upload" }));
    expect(uppy.cancelAll).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button", { name: "Upload a video" })).toBeInTheDocument();
  });

  it("refuses a file over the size cap before sending anything", async () => {
    renderUploader(1 * GB);
    await userEvent.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, videoFile("long.mov", 3 * GB));
    expect(screen.getByRole("alert")).toHaveTextContent("long.mov is 3.0 GB; videos may be at most 1.0 GB.");
    expect(FakeUppy.instances).toHaveLength(0);
  });

  it("leaving pauses the upload without removing it, so the same file resumes later", async () => {
    const { unmount } = renderUploader();
    const uppy = await choose(videoFile());
    unmount();
    expect(uppy.pauseAll).toHaveBeenCalledTimes(1);
    expect(uppy.cancelAll).not.toHaveBeenCalled();
  });
});
