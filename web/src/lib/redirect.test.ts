import { describe, expect, it } from "vitest";
import {
  REDIRECT_AFTER_AUTH_KEY,
  clearRedirectAfterAuth,
  normalizeRedirectPath,
  storeRedirectAfterAuth,
  takeRedirectAfterAuth,
} from "./redirect";

describe("normalizeRedirectPath", () => {
  it.each([
    ["/dashboard", "/dashboard"],
    ["dashboard", "/dashboard"],
    ["//evil.com", "/evil.com"],
    ["///evil.com/x", "/evil.com/x"],
    ["/a//b///c", "/a/b/c"],
    ["/\\evil.com", "/evil.com"],
    ["\\\\evil.com", "/evil.com"],
    ["https://evil.com/x", "/"],
    ["javascript:alert(1)", "/"],
    ["  /webinar/1/watch  ", "/webinar/1/watch"],
    ["/webinars?x=1#top", "/webinars?x=1#top"],
    ["//a//b?next=//c", "/a/b?next=//c"],
    ["", "/"],
    ["   ", "/"],
    // control characters are dropped before anything else
    ["/\t/evil.com", "/evil.com"],
    ["java\nscript:alert(1)", "/"],
    ["/a\u0000b\u007Fc\u0085d", "/abcd"],
  ])("%j -> %j", (input, want) => {
    expect(normalizeRedirectPath(input)).toBe(want);
  });

  it("handles missing values", () => {
    expect(normalizeRedirectPath(null)).toBe("/");
    expect(normalizeRedirectPath(undefined)).toBe("/");
  });

  it("never yields a protocol-relative or absolute URL", () => {
    for (const input of ["//x", "/\\/x", "\\/\\x", "/%09/x", "http:x", "HTTPS://x"]) {
      const got = normalizeRedirectPath(input);
      expect(got.startsWith("/")).toBe(true);
      expect(got.startsWith("//")).toBe(false);
      expect(new URL(got, "https://watchwin.test").origin).toBe("https://watchwin.test");
    }
  });
});

describe("redirectAfterAuth storage", () => {
  it("stores a normalised path and takes it once", () => {
    storeRedirectAfterAuth("//dashboard");
    expect(sessionStorage.getItem(REDIRECT_AFTER_AUTH_KEY)).toBe("/dashboard");
    expect(takeRedirectAfterAuth()).toBe("/dashboard");
    expect(takeRedirectAfterAuth()).toBeNull();
  });

  it("normalises a value written by someone else", () => {
    sessionStorage.setItem(REDIRECT_AFTER_AUTH_KEY, "//evil.com");
    expect(takeRedirectAfterAuth()).toBe("/evil.com");
  });

  it("clears", () => {
    storeRedirectAfterAuth("/x");
    clearRedirectAfterAuth();
    expect(takeRedirectAfterAuth()).toBeNull();
  });
});
