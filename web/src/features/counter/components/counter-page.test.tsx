import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Session } from "@/lib/auth/session-schemas";
import { adminSession, jsonResponse, mockApi, renderApp, staffSession, userSession } from "@/test/utils";
import { CAMERA_KEY } from "../lib/camera-preference";
import { CounterPage } from "./counter-page";

const CODE = "LW-7K3M-Q9PX-4TRW";
const ASK_STAFF = "This coupon is checked at the store counter. Please ask the store staff.";

const coupon = {
  id: "c1",
  code: CODE,
  value_cents: 4800,
  min_purchase_cents: 9600,
  owner_name: "Sam Carter",
  webinar_title: "Safe Storage at Home",
  issued_at: "2026-11-22T18:30:00Z",
  expires_at: "2099-12-22T18:30:00Z",
  redeemed_at: null,
  redeemed_by_name: null,
  redeemed_by_me: false,
  can_undo: false,
};
const redeemedByMe = { ...coupon, redeemed_at: "2026-12-01T21:05:00Z", redeemed_by_name: "Rita Clerk", redeemed_by_me: true, can_undo: true };

type Call = { method: string; path: string };

type ApiOptions = { redeemConflict?: boolean; laterLookupsWaitFor?: Promise<void> };

/** The counter API over one coupon whose state the calls change; lookups after the first can be held back. */
function counterApi(session: Session, { redeemConflict = false, laterLookupsWaitFor }: ApiOptions = {}) {
  const calls: Call[] = [];
  let state: "valid" | "redeemed" = "valid";
  const fetchMock = mockApi(session, async (url, init) => {
    const path = new URL(url, "http://test").pathname;
    if (!path.startsWith("/api/counter/")) return undefined;
    const method = init.method ?? "GET";
    calls.push({ method, path });
    if (!path.startsWith(`/api/counter/coupons/${CODE}`)) {
      return jsonResponse({ error: { code: "coupon_not_found", message: "No coupon with this code." } }, 404);
    }
    if (path.endsWith("/redeem")) {
      if (redeemConflict || state === "redeemed") {
        state = "redeemed";
        return jsonResponse({ error: { code: "already_redeemed", message: "This coupon was already redeemed." } }, 409);
      }
      state = "redeemed";
      return jsonResponse({ verdict: "redeemed", coupon: redeemedByMe });
    }
    if (path.endsWith("/unredeem")) {
      state = "valid";
      return jsonResponse({ verdict: "valid", coupon });
    }
    if (laterLookupsWaitFor && calls.filter((c) => c.method === "GET").length > 1) await laterLookupsWaitFor;
    return state === "valid"
      ? jsonResponse({ verdict: "valid", coupon })
      : jsonResponse({ verdict: "redeemed", coupon: { ...redeemedByMe, redeemed_by_me: false, can_undo: false } });
  });
  return { calls, fetchMock };
}

function renderCounter(session: Session, url = "/counter", options?: ApiOptions) {
  const api = counterApi(session, options);
  const utils = renderApp(
    [
      { path: "/counter", element: <CounterPage /> },
      { path: "/auth", element: <p>Log in page</p> },
    ],
    { initialEntries: [url] },
  );
  return { ...utils, ...api };
}

/** A camera that works, showing one QR code; the browser's own BarcodeDetector reads it. */
function fakeCamera(qrText: string | null) {
  const track = { stop: vi.fn(), getSettings: () => ({ deviceId: "cam-back" }), getCapabilities: () => ({}) };
  const stream = { getTracks: () => [track], getVideoTracks: () => [track] };
  const getUserMedia = vi.fn(async () => stream);
  vi.stubGlobal("navigator", Object.assign(Object.create(navigator), {
    mediaDevices: {
      getUserMedia,
      enumerateDevices: async () => [
        { kind: "videoinput", deviceId: "cam-back", label: "Back Camera" },
        { kind: "videoinput", deviceId: "cam-front", label: "Front Camera" },
      ],
    },
  }));
  vi.stubGlobal(
    "BarcodeDetector",
    class {
      static getSupportedFormats = async () => ["qr_code"];
      detect = async () => (qrText ? [{ rawValue: qrText }] : []);
    },
  );
  vi.spyOn(HTMLMediaElement.prototype, "readyState", "get").mockReturnValue(HTMLMediaElement.HAVE_ENOUGH_DATA);
  vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
  return { getUserMedia };
}

/** A camera the browser refuses with `name` (NotAllowedError, NotFoundError…). */
function refusedCamera(name: string) {
  fakeCamera(null).getUserMedia.mockRejectedValue(new DOMException("refused", name));
}

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe("CounterPage for anyone but staff", () => {
  it.each([
    ["a signed-out visitor", null],
    ["a signed-in customer", userSession],
  ])("shows %s who opened a coupon's QR only 'ask the store staff', and asks the API nothing about it", async (_who, session) => {
    const { calls, fetchMock } = renderCounter(session ?? { user: null, profile: null }, `/counter?code=${CODE}`);
    expect(await screen.findByRole("heading", { level: 1, name: ASK_STAFF })).toBeInTheDocument();
    expect(screen.queryByText(/LW-/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Coupon code")).not.toBeInTheDocument();
    expect(calls).toEqual([]);
    expect(fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => !["/api/auth/session", "/api/config"].includes(u))).toEqual([]);
  });

  it("sends a signed-out visitor without a code to log in", async () => {
    renderCounter({ user: null, profile: null });
    expect(await screen.findByText("Log in page")).toBeInTheDocument();
  });
});

describe("CounterPage for staff and admins", () => {
  it("looks up ?code= at once (a phone's camera app opened the QR) and takes it out of the address", async () => {
    refusedCamera("NotAllowedError");
    const { calls, router } = renderCounter(staffSession, `/counter?code=${encodeURIComponent(CODE.toLowerCase())}`);
    expect(await screen.findByRole("heading", { name: "VALID" })).toBeInTheDocument();
    expect(calls).toEqual([{ method: "GET", path: `/api/counter/coupons/${CODE}` }]);
    await waitFor(() => expect(router.state.location.search).toBe(""));
  });

  it("says so when the camera is refused, and the code field still works: typed without hyphens, Enter", async () => {
    refusedCamera("NotAllowedError");
    const { calls } = renderCounter(adminSession);
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Camera access was refused")).toBeInTheDocument();
    expect(within(alert).getByRole("button", { name: "Try Again" })).toBeInTheDocument();

    const field = screen.getByLabelText("Coupon code");
    expect(field).toHaveFocus();
    await userEvent.type(field, "lw 7k3m q9px4trw{Enter}");
    expect(await screen.findByRole("heading", { name: "VALID" })).toBeInTheDocument();
    expect(calls).toEqual([{ method: "GET", path: `/api/counter/coupons/${CODE}` }]);
    expect(field).toHaveValue("");
    expect(field).toHaveFocus();
  });

  it("says so when there is no camera", async () => {
    refusedCamera("NotFoundError");
    renderCounter(staffSession);
    expect(await screen.findByText("No camera found")).toBeInTheDocument();
  });

  it("shows NOT FOUND for an unknown code (server) and for text that is no code at all (no call)", async () => {
    refusedCamera("NotFoundError");
    const { calls } = renderCounter(staffSession);
    const field = await screen.findByLabelText("Coupon code");
    await userEvent.type(field, "LW-0000-0000-0000{Enter}");
    expect(await screen.findByRole("heading", { name: "NOT FOUND" })).toBeInTheDocument();
    expect(calls).toEqual([{ method: "GET", path: "/api/counter/coupons/LW-0000-0000-0000" }]);
    await userEvent.type(field, "hello{Enter}");
    expect(await screen.findByText("hello")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "NOT FOUND" })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it("reads a QR from the camera, redeems with one tap, and undoes it", async () => {
    const { getUserMedia } = fakeCamera(`https://shop.example.com/counter?code=${CODE}`);
    const { calls } = renderCounter(staffSession);
    expect(await screen.findByRole("heading", { name: "VALID" })).toBeInTheDocument();
    expect(getUserMedia).toHaveBeenCalledWith({
      audio: false,
      video: expect.objectContaining({ facingMode: { ideal: "environment" } }),
    });
    // The QR stays in view: looked up once, not on every frame.
    expect(calls.filter((c) => c.method === "GET")).toHaveLength(1);

    await userEvent.click(screen.getByRole("button", { name: "Mark Redeemed" }));
    expect(await screen.findByRole("heading", { name: "REDEEMED" })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "REDEEMED" })).toHaveTextContent("Apply $48.00 store credit.");
    await userEvent.click(screen.getByRole("button", { name: "Undo" }));
    expect(await screen.findByText("Redemption undone: the coupon is valid again.")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST")).toEqual([
      { method: "POST", path: `/api/counter/coupons/${CODE}/redeem` },
      { method: "POST", path: `/api/counter/coupons/${CODE}/unredeem` },
    ]);
    expect(calls.filter((c) => c.method === "GET")).toHaveLength(1);
  });

  it("looks a typed code up even while the camera has that coupon in view", async () => {
    fakeCamera(`https://shop.example.com/counter?code=${CODE}`);
    const { calls } = renderCounter(staffSession);
    expect(await screen.findByRole("heading", { name: "VALID" })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Coupon code"), `${CODE}{Enter}`);
    await waitFor(() => expect(calls.filter((c) => c.method === "GET")).toHaveLength(2));
  });

  it("keeps the card while the same code is checked again (no flicker while a coupon is held up)", async () => {
    fakeCamera(`https://shop.example.com/counter?code=${CODE}`);
    let answer!: () => void;
    const { calls } = renderCounter(staffSession, "/counter", { laterLookupsWaitFor: new Promise<void>((r) => (answer = r)) });
    expect(await screen.findByRole("heading", { name: "VALID" })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Coupon code"), `${CODE}{Enter}`);
    await waitFor(() => expect(calls.filter((c) => c.method === "GET")).toHaveLength(2));
    expect(screen.getByRole("heading", { name: "VALID" })).toBeInTheDocument();
    expect(screen.queryByText(/Checking/)).not.toBeInTheDocument();
    answer();
    await userEvent.type(screen.getByLabelText("Coupon code"), "LW-0000-0000-0000{Enter}");
    expect(await screen.findByRole("heading", { name: "NOT FOUND" })).toBeInTheDocument();
  });

  it("remembers the camera the clerk picks", async () => {
    const { getUserMedia } = fakeCamera(null);
    renderCounter(staffSession);
    const select = await screen.findByLabelText("Camera");
    await userEvent.selectOptions(select, "Front Camera");
    expect(localStorage.getItem(CAMERA_KEY)).toBe("cam-front");
    await waitFor(() =>
      expect(getUserMedia).toHaveBeenLastCalledWith({
        audio: false,
        video: expect.objectContaining({ deviceId: { exact: "cam-front" } }),
      }),
    );
  });

  it("when another clerk redeemed it first, shows ALREADY REDEEMED and the server's words", async () => {
    refusedCamera("NotFoundError");
    renderCounter(staffSession, `/counter?code=${CODE}`, { redeemConflict: true });
    await userEvent.click(await screen.findByRole("button", { name: "Mark Redeemed" }));
    expect(await screen.findByRole("heading", { name: "ALREADY REDEEMED" })).toBeInTheDocument();
    expect(screen.getByText("This coupon was already redeemed.")).toBeInTheDocument();
  });
});
