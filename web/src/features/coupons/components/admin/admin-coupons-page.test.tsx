import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { notify } from "@/lib/toast";
import { adminSession, jsonResponse, mockApi, renderApp, userSession } from "@/test/utils";
import type { AdminCoupon } from "../../api/admin-schemas";
import { AdminCouponsPage } from "./admin-coupons-page";

type Handler = (url: string, init: RequestInit) => Response | Promise<Response> | undefined;
type ApiCoupon = Omit<AdminCoupon, "webinar_title" | "user_email" | "redeemed_by_name"> & {
  webinar_title: string | null;
  user_email: string | null;
  redeemed_by_name?: string | null;
};

let seq = 0;
function makeCoupon(overrides: Partial<ApiCoupon> = {}): ApiCoupon {
  seq += 1;
  return {
    id: `c${seq}`,
    code: `LW-AAAA-BBBB-000${seq}`,
    user_id: `u${seq}`,
    user_email: "sam@example.com",
    webinar_id: "w1",
    webinar_title: "Pistol Basics",
    webinar_registration_id: `r${seq}`,
    value: 48,
    value_cents: 4800,
    original_payment_amount: 40,
    original_payment_cents: 4000,
    min_purchase: 96,
    min_purchase_today: 96,
    status: "active",
    created_at: "2026-12-01T18:00:00Z",
    expires_at: "2099-12-31T18:00:00Z",
    redeemed_at: null,
    refunded_at: null,
    paid_by_card: true,
    ever_redeemed: false,
    ...overrides,
  };
}

const valid = makeCoupon({ id: "valid", code: "LW-7K3M-Q9PX-4TRW" });
const used = makeCoupon({
  id: "used",
  code: "LW-USED-USED-0001",
  status: "used",
  redeemed_at: "2026-12-02T18:00:00Z",
  redeemed_by_name: "Rita Clerk",
  user_email: null,
  webinar_title: null,
});
const expired = makeCoupon({ id: "expired", code: "LW-EXPD-EXPD-0001", status: "expired", expires_at: "2026-01-01T00:00:00Z" });

/** Answers GET /api/admin/coupons with the coupons whose code, e-mail or title contains the search. */
function listing(coupons: () => ApiCoupon[], seen: string[] = []): Handler {
  return (url, init) => {
    const u = new URL(url, "http://test");
    if (u.pathname !== "/api/admin/coupons" || (init.method ?? "GET") !== "GET") return undefined;
    const search = u.searchParams.get("search") ?? "";
    seen.push(search);
    const q = search.toLowerCase();
    const hits = coupons().filter((c) =>
      [c.code, c.user_email ?? "", c.webinar_title ?? ""].some((f) => f.toLowerCase().includes(q)),
    );
    return jsonResponse({ coupons: hits, has_more: false });
  };
}

function renderPage(handler: Handler, { url = "/admin/coupons", session = adminSession } = {}) {
  const fetchMock = mockApi(session, handler);
  const utils = renderApp(<AdminCouponsPage />, { path: "/admin/coupons", initialEntries: [url] });
  return { ...utils, fetchMock };
}

// Sonner replays still-active toasts to a new Toaster: start every test without any.
beforeEach(() => notify.dismiss());

const rowOf = async (code: string) => (await screen.findByRole("rowheader", { name: code })).closest("tr")!;

describe("AdminCouponsPage table", () => {
  it("lists coupons with the columns of docs/product.md#admin-screens, unknowns and statuses", async () => {
    renderPage(listing(() => [valid, used, expired]));
    expect(await screen.findByRole("heading", { level: 1, name: "Manage Coupons" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Admin Dashboard" })).toHaveAttribute("href", "/admin");
    const table = await screen.findByRole("table", { name: "Coupons" });
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Coupon Code",
      "Value",
      "User",
      "Webinar",
      "Created",
      "Expires",
      "Status",
      "Redeemed by",
      "Actions",
    ]);

    const v = await rowOf(valid.code);
    expect(within(v).getByText("$48.00")).toBeInTheDocument();
    expect(within(v).getByText("sam@example.com")).toBeInTheDocument();
    expect(within(v).getByText("Pistol Basics")).toBeInTheDocument();
    expect(within(v).getByRole("cell", { name: "December 1, 2026 at 12:00 PM CST" })).toBeInTheDocument();
    expect(within(v).getByRole("cell", { name: "December 31, 2099 at 12:00 PM CST" })).toBeInTheDocument();
    expect(within(v).getByText("Valid")).toBeInTheDocument();
    expect(within(v).getByRole("cell", { name: "Not redeemed" })).toBeInTheDocument();
    expect(within(v).getByRole("button", { name: "Mark Redeemed" })).toBeEnabled();

    const u = await rowOf(used.code);
    expect(within(u).getByText("Unknown")).toBeInTheDocument();
    expect(within(u).getByText("Unknown Webinar")).toBeInTheDocument();
    expect(within(u).getByText("Redeemed")).toBeInTheDocument();
    expect(within(u).getByRole("cell", { name: "Rita Clerk" })).toBeInTheDocument();
    expect(within(u).getByRole("button", { name: "Cancel Redemption" })).toBeEnabled();

    const e = await rowOf(expired.code);
    expect(within(e).getByText("Expired")).toBeInTheDocument();
    expect(within(e).getByRole("button", { name: "Mark Redeemed" })).toBeDisabled();
  });

  it("shows an active coupon past its expiry as Expired", async () => {
    const late = makeCoupon({ code: "LW-LATE-LATE-0001", expires_at: "2020-01-01T00:00:00Z" });
    renderPage(listing(() => [late]));
    const row = await rowOf(late.code);
    expect(within(row).getByText("Expired")).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "Mark Redeemed" })).toBeDisabled();
  });

  it("says 'Loading coupons...' while loading and says so when there are none", async () => {
    let answer: (r: Response) => void = () => {};
    renderPage((url) =>
      url.startsWith("/api/admin/coupons") ? new Promise<Response>((resolve) => (answer = resolve)) : undefined,
    );
    expect(await screen.findByText("Loading coupons...")).toBeInTheDocument();
    answer(jsonResponse({ coupons: [], has_more: false }));
    expect(await screen.findByText(/No coupons found/)).toBeInTheDocument();
  });

  it("shows 'Failed to load coupon data: {message}' when the list fails", async () => {
    renderPage((url) =>
      url.startsWith("/api/admin/coupons")
        ? jsonResponse({ error: { code: "internal", message: "Database is down." } }, 500)
        : undefined,
    );
    expect(await screen.findByText("Failed to load coupon data: Database is down.")).toBeInTheDocument();
    expect(screen.getByText("Failed to load coupons. Please try again later.")).toBeInTheDocument();
  });

  it("pages with Load More by the server's cursor while the server has more", async () => {
    const first = makeCoupon({ code: "LW-PAGE-ONE0-0001" });
    const second = makeCoupon({ code: "LW-PAGE-TWO0-0002" });
    renderPage((url) => {
      const u = new URL(url, "http://test");
      if (u.pathname !== "/api/admin/coupons") return undefined;
      expect(u.searchParams.has("offset")).toBe(false);
      const cursor = u.searchParams.get("cursor");
      if (cursor === null) return jsonResponse({ coupons: [first], has_more: true, next_cursor: "after-one" });
      return cursor === "after-one"
        ? jsonResponse({ coupons: [second], has_more: false, next_cursor: null })
        : jsonResponse({ error: { code: "validation_failed", message: "cursor is not valid" } }, 400);
    });
    await rowOf(first.code);
    await userEvent.click(screen.getByRole("button", { name: "Load More" }));
    await rowOf(second.code);
    expect(screen.queryByRole("button", { name: "Load More" })).not.toBeInTheDocument();
  });
});

describe("AdminCouponsPage search", () => {
  it("searches on Enter, trimmed, keeps ?search= in the URL and says 'Coupons Loaded'", async () => {
    const seen: string[] = [];
    const { router } = renderPage(listing(() => [valid, used, expired], seen));
    await rowOf(used.code);
    const box = screen.getByLabelText("Search coupons");
    expect(box).toHaveAttribute("placeholder", expect.stringMatching(/code, email or webinar title/i));
    await userEvent.type(box, "  lw-7k3m  {Enter}");
    expect(await screen.findByText("Coupons Loaded")).toBeInTheDocument();
    expect(screen.getByText('1 coupon found for "lw-7k3m".')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("rowheader", { name: used.code })).not.toBeInTheDocument());
    expect(screen.getByRole("rowheader", { name: valid.code })).toBeInTheDocument();
    expect(router.state.location.search).toBe("?search=lw-7k3m");
    expect(box).toHaveValue("lw-7k3m");
    expect(seen.at(-1)).toBe("lw-7k3m");
    expect(screen.getByText(/Showing coupons matching/)).toHaveTextContent("lw-7k3m");
  });

  it("searches with the Search button; an empty search resets the list", async () => {
    const seen: string[] = [];
    const { router } = renderPage(listing(() => [valid, used, expired], seen));
    await rowOf(used.code);
    const box = screen.getByLabelText("Search coupons");
    await userEvent.type(box, "Pistol");
    await userEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(router.state.location.search).toBe("?search=Pistol"));
    await waitFor(() => expect(screen.queryByRole("rowheader", { name: used.code })).not.toBeInTheDocument());

    await userEvent.clear(box);
    await userEvent.type(box, "   ");
    await userEvent.click(screen.getByRole("button", { name: "Search" }));
    await rowOf(used.code);
    expect(router.state.location.search).toBe("");
    expect(box).toHaveValue("");
    expect(seen.at(-1)).toBe("");
  });

  it("opens a ?search= deep link with the search filled in, without a toast", async () => {
    const seen: string[] = [];
    renderPage(listing(() => [valid, used, expired], seen), { url: "/admin/coupons?search=LW-EXPD" });
    await rowOf(expired.code);
    expect(screen.getByLabelText("Search coupons")).toHaveValue("LW-EXPD");
    expect(screen.queryByRole("rowheader", { name: valid.code })).not.toBeInTheDocument();
    expect(seen).toEqual(["LW-EXPD"]);
    expect(screen.queryByText("Coupons Loaded")).not.toBeInTheDocument();
  });

  it("says 'Coupons Loaded' on Refresh, and clears the search with Clear search", async () => {
    const { router } = renderPage(listing(() => [valid, used]), { url: "/admin/coupons?search=sam" });
    await rowOf(valid.code);
    await userEvent.click(screen.getByRole("button", { name: "Refresh" }));
    expect(await screen.findByText("Coupons Loaded")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Clear search" }));
    await rowOf(used.code);
    expect(router.state.location.search).toBe("");
  });
});

describe("AdminCouponsPage redemption", () => {
  function statefulList() {
    const coupons = [{ ...valid }, { ...used }];
    const calls: string[] = [];
    const handler: Handler = (url, init) => {
      if (init.method === "POST") {
        const m = url.match(/^\/api\/admin\/coupons\/([^/]+)\/(redeem|cancel-redemption)$/);
        if (!m) return undefined;
        calls.push(`${m[2]} ${m[1]}`);
        const c = coupons.find((x) => x.id === m[1])!;
        if (m[2] === "redeem") Object.assign(c, { status: "used", redeemed_at: "2026-12-05T18:00:00Z" });
        else Object.assign(c, { status: "active", redeemed_at: null });
        return jsonResponse({ coupon: c });
      }
      return listing(() => coupons)(url, init);
    };
    return { handler, calls };
  }

  it("marks a valid coupon redeemed: 'Coupon Redeemed', and the row turns Redeemed", async () => {
    const { handler, calls } = statefulList();
    renderPage(handler);
    const row = await rowOf(valid.code);
    await userEvent.click(within(row).getByRole("button", { name: "Mark Redeemed" }));
    expect(await screen.findByText("Coupon Redeemed")).toBeInTheDocument();
    expect(calls).toEqual([`redeem ${valid.id}`]);
    expect(await within(row).findByText("Redeemed")).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "Cancel Redemption" })).toBeInTheDocument();
  });

  it("cancels a redemption: 'Redemption Canceled', and the row turns Valid", async () => {
    const { handler, calls } = statefulList();
    renderPage(handler);
    const row = await rowOf(used.code);
    await userEvent.click(within(row).getByRole("button", { name: "Cancel Redemption" }));
    expect(await screen.findByText("Redemption Canceled")).toBeInTheDocument();
    expect(calls).toEqual([`cancel-redemption ${used.id}`]);
    expect(await within(row).findByText("Valid")).toBeInTheDocument();
  });

  it("shows the server's 409 and reloads the row another clerk redeemed", async () => {
    const coupons = [{ ...valid }];
    renderPage((url, init) => {
      if (init.method === "POST" && url === `/api/admin/coupons/${valid.id}/redeem`) {
        Object.assign(coupons[0], { status: "used", redeemed_at: "2026-12-05T18:00:00Z" });
        return jsonResponse(
          { error: { code: "already_redeemed", message: "This coupon has already been redeemed." } },
          409,
        );
      }
      return listing(() => coupons)(url, init);
    });
    const row = await rowOf(valid.code);
    await userEvent.click(within(row).getByRole("button", { name: "Mark Redeemed" }));
    expect(
      await screen.findByText("Failed to update coupon: This coupon has already been redeemed."),
    ).toBeInTheDocument();
    expect(await within(row).findByText("Redeemed")).toBeInTheDocument();
  });
});

describe("AdminCouponsPage refund", () => {
  it("confirms with the amount, refunds, and the row turns Refunded", async () => {
    const coupons = [{ ...valid }, { ...used }, { ...makeCoupon({ id: "demo", code: "LW-DEMO-DEMO-0001", paid_by_card: false }) }];
    const calls: string[] = [];
    renderPage((url, init) => {
      if (init.method === "POST" && url === `/api/admin/coupons/${valid.id}/refund`) {
        calls.push(url);
        Object.assign(coupons[0], { status: "refunded", refunded_at: "2026-12-06T18:00:00Z" });
        return jsonResponse({ coupon: coupons[0], refunded: 40, refunded_cents: 4000 });
      }
      return listing(() => coupons)(url, init);
    });
    const row = await rowOf(valid.code);
    // Only a valid coupon a card paid for can be refunded.
    expect(within(await rowOf(used.code)).queryByRole("button", { name: /Refund/ })).not.toBeInTheDocument();
    expect(within(await rowOf("LW-DEMO-DEMO-0001")).queryByRole("button", { name: /Refund/ })).not.toBeInTheDocument();

    await userEvent.click(within(row).getByRole("button", { name: `Refund ${valid.code}` }));
    const dialog = await screen.findByRole("alertdialog", { name: "Refund $40.00?" });
    expect(dialog).toHaveTextContent("$40.00 goes back to the card that paid for coupon LW-7K3M-Q9PX-4TRW");
    expect(calls).toEqual([]);
    await userEvent.click(within(dialog).getByRole("button", { name: "Refund $40.00" }));
    expect(await screen.findByText("Coupon Refunded")).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(await within(row).findByText("Refunded")).toBeInTheDocument();
    expect(within(row).queryByRole("button", { name: /Refund LW/ })).not.toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "Mark Redeemed" })).toBeDisabled();
  });

  it("keeps the dialog open with the server's reason when the provider did not refund", async () => {
    renderPage((url, init) => {
      if (init.method === "POST" && url.endsWith("/refund")) {
        return jsonResponse(
          { error: { code: "refund_failed", message: "The payment provider did not refund this payment, so the coupon is still active. Please try again later." } },
          503,
        );
      }
      return listing(() => [valid])(url, init);
    });
    const row = await rowOf(valid.code);
    await userEvent.click(within(row).getByRole("button", { name: `Refund ${valid.code}` }));
    const dialog = await screen.findByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Refund $40.00" }));
    expect(await within(dialog).findByText(/the coupon is still active/)).toBeInTheDocument();
    expect(within(row).getByText("Valid")).toBeInTheDocument();
  });
});

describe("AdminCouponsPage controls on store credit", () => {
  it("asks for the reason to refund a coupon that was ever redeemed, and sends it", async () => {
    const undone = makeCoupon({ id: "undone", code: "LW-UNDO-UNDO-0001", ever_redeemed: true });
    const bodies: unknown[] = [];
    renderPage((url, init) => {
      if (init.method === "POST" && url === `/api/admin/coupons/${undone.id}/refund`) {
        const body = init.body ? (JSON.parse(String(init.body)) as { reason?: string }) : {};
        bodies.push(body);
        if (!body.reason) {
          return jsonResponse({ error: { code: "reason_required", message: "This coupon was redeemed before and the redemption was cancelled, so its refund needs a reason. Type why the money goes back." } }, 409);
        }
        return jsonResponse({ coupon: { ...undone, status: "refunded", refunded_at: "2026-12-06T18:00:00Z" }, refunded: 40, refunded_cents: 4000 });
      }
      return listing(() => [undone])(url, init);
    });
    const row = await rowOf(undone.code);
    await userEvent.click(within(row).getByRole("button", { name: `Refund ${undone.code}` }));
    const dialog = await screen.findByRole("alertdialog", { name: "Refund $40.00?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Refund $40.00" }));
    expect(await within(dialog).findByText(/its refund needs a reason/)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText("Reason for the refund (required)"), "  Goods returned  ");
    await userEvent.click(within(dialog).getByRole("button", { name: "Refund $40.00" }));
    expect(await screen.findByText("Coupon Refunded")).toBeInTheDocument();
    expect(bodies).toEqual([{}, { reason: "Goods returned" }]);
  });

  it("asks no reason for a coupon never redeemed", async () => {
    renderPage(listing(() => [valid]));
    await userEvent.click(within(await rowOf(valid.code)).getByRole("button", { name: `Refund ${valid.code}` }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).queryByLabelText(/Reason for the refund/)).not.toBeInTheDocument();
  });

  it("lists disputed coupons with Disputed only, kept in ?status=disputed", async () => {
    const disputed = makeCoupon({ id: "disputed", code: "LW-DISP-DISP-0001", status: "disputed" });
    const statuses: string[] = [];
    const { router } = renderPage((url) => {
      const u = new URL(url, "http://test");
      if (u.pathname === "/api/admin/coupons") {
        const status = u.searchParams.get("status") ?? "";
        statuses.push(status);
        return jsonResponse({ coupons: status ? [disputed] : [valid, disputed], has_more: false });
      }
      return undefined;
    });
    await rowOf(valid.code);
    const toggle = screen.getByRole("button", { name: "Disputed only" });
    expect(toggle).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(toggle);
    await waitFor(() => expect(screen.queryByRole("rowheader", { name: valid.code })).not.toBeInTheDocument());
    expect(within(await rowOf(disputed.code)).getByText("Disputed")).toBeInTheDocument();
    expect(router.state.location.search).toBe("?status=disputed");
    expect(statuses.at(-1)).toBe("disputed");
    expect(screen.getByRole("button", { name: "Disputed only" })).toHaveAttribute("aria-pressed", "true");
  });
});

describe("AdminCouponsPage QR code and access", () => {
  it("opens 'Coupon QR Code' with a 200 px QR code of the code", async () => {
    renderPage(listing(() => [valid]));
    const row = await rowOf(valid.code);
    await userEvent.click(within(row).getByRole("button", { name: `Show QR code for ${valid.code}` }));
    const dialog = await screen.findByRole("dialog", { name: "Coupon QR Code" });
    const qr = within(dialog).getByRole("img", { name: `QR code for ${valid.code}` });
    const svg = qr.querySelector("svg")!;
    expect(svg).toHaveAttribute("width", "200");
    expect(svg).toHaveAttribute("height", "200");
    expect(within(dialog).getByText(valid.code)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("tells a non-admin 'Access Denied' and loads nothing", async () => {
    const { fetchMock } = renderPage(listing(() => [valid]), { session: userSession });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Access Denied");
    expect(alert).toHaveTextContent(
      "You don't have permission to access this page. Please log in as an administrator.",
    );
    expect(fetchMock.mock.calls.some(([u]) => String(u).startsWith("/api/admin/coupons"))).toBe(false);
  });

  it("tells an admin the server no longer treats as one 'Access Denied'", async () => {
    renderPage((url) =>
      url.startsWith("/api/admin/coupons")
        ? jsonResponse({ error: { code: "forbidden", message: "Admins only." } }, 403)
        : undefined,
    );
    expect(await screen.findByText("Access Denied")).toBeInTheDocument();
    expect(screen.queryByText(/Failed to load coupon data/)).not.toBeInTheDocument();
  });
});
