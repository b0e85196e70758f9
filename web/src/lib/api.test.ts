import { describe, expect, it, vi } from "vitest";
import { z } from "@/lib/zod";
import { jsonResponse } from "@/test/utils";
import { ApiError, NETWORK_ERROR_MESSAGE, api } from "./api";

function stubFetch(impl: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) {
  const fn = vi.fn(impl);
  vi.stubGlobal("fetch", fn);
  return fn;
}

describe("api client", () => {
  it("sends JSON with credentials and parses the answer", async () => {
    const fetchMock = stubFetch(async () => jsonResponse({ ok: true }));
    const data = await api.post("/api/x", { a: 1 }, { schema: z.object({ ok: z.boolean() }) });
    expect(data).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/x");
    expect(init?.method).toBe("POST");
    expect(init?.credentials).toBe("same-origin");
    expect(init?.body).toBe('{"a":1}');
    expect((init?.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
  });

  it("sends no Content-Type without a body", async () => {
    const fetchMock = stubFetch(async () => jsonResponse({}));
    await api.get("/api/y");
    const init = fetchMock.mock.calls[0][1];
    expect((init?.headers as Record<string, string>)["Content-Type"]).toBeUndefined();
  });

  it("returns undefined for 204", async () => {
    stubFetch(async () => new Response(null, { status: 204 }));
    await expect(api.post("/api/auth/logout")).resolves.toBeUndefined();
  });

  it("throws ApiError from the error shape, with field", async () => {
    stubFetch(async () =>
      jsonResponse(
        { error: { code: "validation_failed", message: "Passwords don't match", field: "confirmPassword" } },
        400,
      ),
    );
    const err = await api.post("/api/auth/signup", {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 400,
      code: "validation_failed",
      message: "Passwords don't match",
      field: "confirmPassword",
    });
  });

  it("falls back when the error body is not JSON", async () => {
    stubFetch(async () => new Response("<html>bad gateway</html>", { status: 502 }));
    const err = await api.get("/api/x").catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 502, code: "internal" });
    expect((err as ApiError).field).toBeUndefined();
  });

  it("turns a network failure into a friendly ApiError", async () => {
    stubFetch(async () => {
      throw new TypeError("Failed to fetch");
    });
    const err = await api.get("/api/x").catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 0, code: "network_error", message: NETWORK_ERROR_MESSAGE });
  });

  it("rejects a response that does not match the schema", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    stubFetch(async () => jsonResponse({ ok: "yes" }));
    const err = await api.get("/api/x", { schema: z.object({ ok: z.boolean() }) }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "invalid_response" });
  });
});
