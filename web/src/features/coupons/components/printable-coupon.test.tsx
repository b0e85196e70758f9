import { screen, within } from "@testing-library/react";
import type { ComponentProps } from "react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi, renderApp, userSession } from "@/test/utils";
import { PrintableCoupon, PrintCouponButton, type PrintableCouponData } from "./printable-coupon";

// The QR library as it is, with the values it was asked to encode recorded.
const qrValues = vi.hoisted(() => [] as string[]);
vi.mock("qrcode.react", async (importOriginal) => {
  const actual = await importOriginal<typeof import("qrcode.react")>();
  return {
    ...actual,
    QRCodeSVG: (props: ComponentProps<typeof actual.QRCodeSVG>) => {
      qrValues.push(props.value as string);
      return <actual.QRCodeSVG {...props} />;
    },
  };
});

const coupon: PrintableCouponData = {
  code: "LW-7K3M-Q9PX-4TRW",
  value: 48,
  min_purchase: 96,
  min_purchase_today: 96,
  webinar_title: "Safe Storage at Home",
  // 18:30 UTC on 22 November is 12:30 PM CST; 30 days later, 22 December.
  created_at: "2026-11-22T18:30:00Z",
  expires_at: "2026-12-22T18:30:00Z",
  status: "active",
};

function renderCoupon(c: PrintableCouponData = coupon, timeZone?: string) {
  mockApi(userSession);
  return renderApp(<PrintableCoupon coupon={c} timeZone={timeZone} />);
}

afterEach(() => {
  document.title = "";
});

describe("PrintableCoupon", () => {
  it("shows the code, the value with two decimals, the webinar and a QR code made in the page", async () => {
    renderCoupon();
    const c = within(await screen.findByRole("article", { name: "Coupon LW-7K3M-Q9PX-4TRW" }));
    expect(c.getByText("LW-7K3M-Q9PX-4TRW")).toHaveClass("font-mono");
    expect(c.getByText("$48.00")).toBeInTheDocument();
    expect(c.getByText("Safe Storage at Home")).toBeInTheDocument();
    const qr = c.getByRole("img", { name: "QR code of coupon LW-7K3M-Q9PX-4TRW" });
    expect(qr.tagName.toLowerCase()).toBe("svg");
    expect(qr.querySelector("path")).not.toBeNull();
    // Generated locally: no image is loaded from anywhere.
    expect(document.querySelector("img")).toBeNull();
  });

  it("prints both parts of a Split coupon with their dates, the bonus labelled promotional value", async () => {
    renderCoupon(
      {
        ...coupon,
        expires_at: "2031-11-22T18:30:00Z",
        value_policy: "split",
        paid_value: 40,
        paid_until: "2031-11-22T18:30:00Z",
        bonus_value: 8,
        bonus_until: "2026-12-22T18:30:00Z",
        value_today: 48,
        bonus_expired: false,
      },
      "America/Chicago",
    );
    const c = within(await screen.findByRole("article", { name: "Coupon LW-7K3M-Q9PX-4TRW" }));
    const parts = c.getByRole("list", { name: "Coupon value parts" });
    expect(parts).toHaveTextContent("Paid value $40.00 — valid until November 22, 2031");
    expect(parts).toHaveTextContent("$8.00 Promotional value — expires December 22, 2026");
    const terms = c.getByRole("region", { name: "Coupon terms" });
    expect(terms).toHaveTextContent("The paid value ($40.00) is valid until November 22, 2031.");
    expect(terms).toHaveTextContent("Promotional value ($8.00) expires December 22, 2026");
    expect(terms).not.toHaveTextContent("days after issue");
  });

  it("prints a coupon whose paid value never expires without the 9999 date the API holds", async () => {
    renderCoupon(
      {
        ...coupon,
        expires_at: "9999-12-31T00:00:00Z",
        value_policy: "split",
        paid_never_expires: true,
        paid_value: 40,
        paid_until: "9999-12-31T00:00:00Z",
        bonus_value: 8,
        bonus_until: "2026-12-22T18:30:00Z",
        value_today: 48,
        bonus_expired: false,
      },
      "America/Chicago",
    );
    const c = within(await screen.findByRole("article", { name: "Coupon LW-7K3M-Q9PX-4TRW" }));
    expect(c.getByText("Paid value never expires")).toBeInTheDocument();
    expect(c.getByRole("list", { name: "Coupon value parts" })).toHaveTextContent("Paid value $40.00 — never expires");
    expect(c.getByRole("list", { name: "Coupon value parts" })).toHaveTextContent("$8.00 Promotional value — expires December 22, 2026");
    const terms = c.getByRole("region", { name: "Coupon terms" });
    expect(terms).toHaveTextContent("The paid value ($40.00) never expires.");
    expect(terms).toHaveTextContent("Promotional value ($8.00) expires December 22, 2026");
    expect(screen.getByRole("article", { name: "Coupon LW-7K3M-Q9PX-4TRW" })).not.toHaveTextContent("9999");
    expect(c.getByText("store credit")).toBeInTheDocument();
  });

  it("shows a Split coupon past its bonus date at its paid value, bonus expired", async () => {
    renderCoupon({
      ...coupon,
      expires_at: "2031-11-22T18:30:00Z",
      value_policy: "split",
      paid_value: 40,
      paid_until: "2031-11-22T18:30:00Z",
      bonus_value: 8,
      bonus_until: "2026-12-22T18:30:00Z",
      value_today: 40,
      min_purchase_today: 80,
      bonus_expired: true,
    });
    const c = within(await screen.findByRole("article", { name: "Coupon LW-7K3M-Q9PX-4TRW" }));
    expect(c.getByText("$40.00")).toBeInTheDocument();
    expect(c.getByText("store credit · bonus expired")).toBeInTheDocument();
    expect(c.getByRole("list", { name: "Coupon value parts" })).toHaveTextContent("bonus expired");
    // The minimum purchase follows the value today, as the server computed it.
    expect(c.getByRole("region", { name: "Coupon terms" })).toHaveTextContent("($80.00 or more today)");
  });

  it("encodes the counter page's URL with the code, on this site", async () => {
    qrValues.length = 0;
    renderCoupon();
    await screen.findByRole("img", { name: "QR code of coupon LW-7K3M-Q9PX-4TRW" });
    expect(new Set(qrValues)).toEqual(new Set([`${window.location.origin}/counter?code=LW-7K3M-Q9PX-4TRW`]));
  });

  it("dates the coupon in the store's time zone", async () => {
    renderCoupon();
    expect(await screen.findByText("December 22, 2026 at 12:30 PM CST")).toBeInTheDocument();
    expect(screen.getByText("November 22, 2026 at 12:30 PM CST")).toBeInTheDocument();
  });

  it("uses another zone when given one", async () => {
    renderCoupon(coupon, "America/New_York");
    expect(await screen.findByText("December 22, 2026 at 1:30 PM EST")).toBeInTheDocument();
  });

  it("prints the terms of docs/product.md#coupons with this coupon's minimum purchase and life", async () => {
    renderCoupon();
    const terms = within(await screen.findByRole("region", { name: "Coupon terms" }));
    const items = terms.getAllByRole("listitem").map((li) => li.textContent);
    expect(items).toEqual([
      "Valid only on purchases with a retail value of at least twice the coupon's face value ($96.00 or more).",
      "Redeemable in person at our Naperville, Illinois store.",
      "A printed copy of this coupon is required.",
      "One coupon per webinar entry.",
      "No cash value.",
      "Not transferable.",
      "Cannot be combined with other offers.",
      "Expires 30 days after issue.",
    ]);
  });

  it("words the expiry from the coupon's own dates when the store changed the coupon life", async () => {
    renderCoupon({ ...coupon, expires_at: "2027-02-20T18:30:00Z" });
    expect(await screen.findByText("Expires 90 days after issue.")).toBeInTheDocument();
  });

  it("formats cents and falls back to 'Unknown Webinar'", async () => {
    renderCoupon({ ...coupon, value: 1234.5, min_purchase: 2469, webinar_title: "" });
    expect(await screen.findByText("$1,234.50")).toBeInTheDocument();
    expect(screen.getByText("Unknown Webinar")).toBeInTheDocument();
    expect(screen.getByText(/\$2,469\.00 or more/)).toBeInTheDocument();
  });

  it("marks a redeemed or expired coupon as no longer valid", async () => {
    const { unmount } = renderCoupon({ ...coupon, status: "used" });
    expect(await screen.findByText("Redeemed: no longer valid for purchases")).toBeInTheDocument();
    unmount();
    renderCoupon({ ...coupon, status: "expired" });
    expect(await screen.findByText("Expired: no longer valid for purchases")).toBeInTheDocument();
  });

  it("says nothing of validity on a valid coupon", async () => {
    renderCoupon();
    await screen.findByText("LW-7K3M-Q9PX-4TRW");
    expect(screen.queryByText(/no longer valid/)).not.toBeInTheDocument();
  });
});

describe("PrintCouponButton", () => {
  it("opens the browser's print dialog in the page, naming the printout after the code", async () => {
    let titleWhilePrinting = "";
    const print = vi.fn(() => {
      titleWhilePrinting = document.title;
      window.dispatchEvent(new Event("afterprint"));
    });
    vi.stubGlobal("print", print);
    document.title = "My Dashboard";
    mockApi(userSession);
    renderApp(<PrintCouponButton code={coupon.code} />);
    await userEvent.click(await screen.findByRole("button", { name: "Print Coupon" }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(titleWhilePrinting).toBe("WatchWin coupon LW-7K3M-Q9PX-4TRW");
    expect(document.title).toBe("My Dashboard");
  });

  it("shows 'Print Error' when the print dialog cannot open", async () => {
    vi.stubGlobal(
      "print",
      vi.fn(() => {
        throw new Error("blocked");
      }),
    );
    mockApi(userSession);
    renderApp(<PrintCouponButton code={coupon.code} />);
    await userEvent.click(await screen.findByRole("button", { name: "Print Coupon" }));
    expect(await screen.findByText("Print Error")).toBeInTheDocument();
  });
});
