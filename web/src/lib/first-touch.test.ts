import { beforeEach, describe, expect, it } from "vitest";
import { firstTouch, rememberFirstTouch } from "./first-touch";

describe("first touch", () => {
  beforeEach(() => window.sessionStorage.clear());

  it("keeps the first page's tags and ignores later ones", () => {
    rememberFirstTouch("?ref=flyer-nov&utm_source=print&x=1");
    rememberFirstTouch("?utm_source=facebook");
    expect(firstTouch()).toEqual({ ref: "flyer-nov", utm_source: "print" });
  });

  it("is direct when the first page had no tags, even if a later one has", () => {
    rememberFirstTouch("");
    rememberFirstTouch("?ref=flyer-nov");
    expect(firstTouch()).toBeNull();
  });
});
