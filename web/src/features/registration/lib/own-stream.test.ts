import { describe, expect, it } from "vitest";
import { choosePlaybackEngine, streamToken, withStreamToken } from "./own-stream";

describe("stream addresses", () => {
  it("reads and replaces the token part of relative and absolute addresses", () => {
    expect(streamToken("/video/eyJ2Ijoi.c2ln/master.m3u8")).toBe("eyJ2Ijoi.c2ln");
    expect(streamToken("/api/webinars/w1/video")).toBeNull();
    expect(withStreamToken("/video/old.sig/720p/seg_00001.ts", "new.sig")).toBe("/video/new.sig/720p/seg_00001.ts");
    expect(withStreamToken("https://shop.example/video/old.sig/captions/en.vtt", "new.sig")).toBe(
      "https://shop.example/video/new.sig/captions/en.vtt",
    );
    expect(withStreamToken("https://cdn.example/other/file.ts", "new.sig")).toBe("https://cdn.example/other/file.ts");
  });
});

describe("choosePlaybackEngine", () => {
  const video = (hls: CanPlayTypeResult) => ({ canPlayType: () => hls }) as unknown as HTMLVideoElement;
  const mse = (supported: boolean) => ({ MediaSource: { isTypeSupported: () => supported } }) as unknown as Window;

  it("prefers hls.js wherever Media Source Extensions play H.264, even when the browser says it may play HLS", () => {
    expect(choosePlaybackEngine(video("maybe"), mse(true))).toBe("hls.js");
    expect(choosePlaybackEngine(video(""), { ManagedMediaSource: { isTypeSupported: () => true } } as unknown as Window)).toBe("hls.js");
  });

  it("uses the browser's own HLS without them, and nothing when it has neither", () => {
    expect(choosePlaybackEngine(video("maybe"), {} as Window)).toBe("native");
    expect(choosePlaybackEngine(video("probably"), mse(false))).toBe("native");
    expect(choosePlaybackEngine(video(""), {} as Window)).toBe("none");
  });
});
