import { describe, expect, it } from "vitest";
import { REDIRECT_AFTER_AUTH_KEY } from "@/lib/redirect";
import { postLoginTarget } from "./post-login-target";

describe("postLoginTarget", () => {
  it("prefers the webinar watch page and clears the stored path", () => {
    sessionStorage.setItem(REDIRECT_AFTER_AUTH_KEY, "/dashboard");
    expect(postLoginTarget("42")).toBe("/webinar/42/watch");
    expect(sessionStorage.getItem(REDIRECT_AFTER_AUTH_KEY)).toBeNull();
  });

  it("encodes the webinar id", () => {
    expect(postLoginTarget("a/b")).toBe("/webinar/a%2Fb/watch");
  });

  it("reads and clears the stored path", () => {
    sessionStorage.setItem(REDIRECT_AFTER_AUTH_KEY, "//dashboard?tab=coupons");
    expect(postLoginTarget(null)).toBe("/dashboard?tab=coupons");
    expect(sessionStorage.getItem(REDIRECT_AFTER_AUTH_KEY)).toBeNull();
  });

  it("falls back to navigation state, then home", () => {
    expect(postLoginTarget(null, "/admin")).toBe("/admin");
    expect(postLoginTarget(null)).toBe("/");
  });

  it("never returns to the auth pages", () => {
    sessionStorage.setItem(REDIRECT_AFTER_AUTH_KEY, "/auth?webinarId=1");
    expect(postLoginTarget(null)).toBe("/");
    expect(postLoginTarget(null, "/login")).toBe("/");
  });
});
