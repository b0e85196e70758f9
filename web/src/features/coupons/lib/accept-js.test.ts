import { afterEach, describe, expect, it, vi } from "vitest";
import { loadAcceptJs } from "./accept-js";

// jsdom runs no external script: each test plays the script tag's load or error.
const scriptsOf = (url: string) => [...document.head.querySelectorAll<HTMLScriptElement>("script")].filter((s) => s.src === url);

afterEach(() => {
  delete window.Accept;
});

describe("loadAcceptJs", () => {
  it("adds one script per URL and answers every caller with window.Accept once it has run", async () => {
    const url = "https://jstest.authorize.net/v1/Accept.js?one";
    const first = loadAcceptJs(url);
    const second = loadAcceptJs(url);
    expect(scriptsOf(url)).toHaveLength(1);
    const accept = { dispatchData: vi.fn() };
    window.Accept = accept;
    scriptsOf(url)[0].dispatchEvent(new Event("load"));
    await expect(first).resolves.toBe(accept);
    await expect(second).resolves.toBe(accept);
  });

  it("a script that fails rejects, leaves the page, and the next call tries again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const url = "https://jstest.authorize.net/v1/Accept.js?two";
    const failed = loadAcceptJs(url);
    const tag = scriptsOf(url)[0];
    tag.dispatchEvent(new Event("error"));
    await expect(failed).rejects.toThrow(url);
    expect(tag.isConnected).toBe(false);

    const retry = loadAcceptJs(url);
    expect(scriptsOf(url)).toHaveLength(1);
    expect(scriptsOf(url)[0]).not.toBe(tag);
    window.Accept = { dispatchData: vi.fn() };
    scriptsOf(url)[0].dispatchEvent(new Event("load"));
    await expect(retry).resolves.toBe(window.Accept);
  });
});
