import { describe, expect, it } from "vitest";
// Shared with the Go server's tests (internal/webinar/videoid_test.go).
import cases from "../../../../../testdata/youtube-ids.json";
import { extractVideoId } from "./video-id";

type Case = { input: string; id: string | null };

describe("extractVideoId (testdata/youtube-ids.json)", () => {
  it("has cases to run", () => {
    expect((cases as Case[]).length).toBeGreaterThan(10);
  });

  it.each(cases as Case[])("$input → $id", ({ input, id }) => {
    expect(extractVideoId(input)).toBe(id);
  });
});

describe("extractVideoId (browser URL parser quirks)", () => {
  it.each([
    ["https://www.youtube.com/x/../watch?v=dQw4w9WgXcQ", null],
    ["https://www.youtube.com\\watch?v=dQw4w9WgXcQ", null],
    ["https://@youtube.com/watch?v=dQw4w9WgXcQ", null],
    ["https://www.youtube.com:443/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["//youtu.be/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ#t=1", "dQw4w9WgXcQ"],
  ])("%s → %s", (input, id) => {
    expect(extractVideoId(input)).toBe(id);
  });

  it("refuses non-strings and overlong input", () => {
    expect(extractVideoId(undefined)).toBeNull();
    expect(extractVideoId(null)).toBeNull();
    expect(extractVideoId(`https://youtu.be/dQw4w9WgXcQ?x=${"a".repeat(3000)}`)).toBeNull();
  });
});
