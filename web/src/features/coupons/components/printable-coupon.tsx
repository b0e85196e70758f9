import { Printer } from "lucide-react";
import { QRCodeSVG } from "qrcode.react";
import { useCallback } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { store, storeAddressLine } from "@/config/store";
import { couponEnd } from "@/lib/coupons/expiry";
import { counterUrl } from "@/lib/paths";
import { formatEventDate } from "@/lib/format";
import { useStoreTimeZone } from "@/lib/use-store-time-zone";
import { formatMoney } from "@/lib/money";
import { notify } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { couponDisplayStatus, type CouponStatus } from "../lib/coupon-status";
import { couponTerms } from "../lib/coupon-terms";
import { couponValue, type CouponValueFields } from "../lib/coupon-value";
import { CouponValueParts } from "./coupon-value-parts";
import "./printable-coupon.css";

/** What a printed coupon needs: a coupon as GET /api/coupons returns it fits (docs/api.md). */
export type PrintableCouponData = CouponValueFields & {
  code: string;
  /** Face value in dollars. */
  value: number;
  /** The server's minimum purchases in dollars: of the face value, of the value today. */
  min_purchase: number;
  min_purchase_today: number;
  webinar_title?: string | null;
  /** RFC 3339 instants. */
  created_at: string;
  expires_at: string;
  /** The paid value never expires (expires_at is then 9999-12-31, not shown). */
  paid_never_expires?: boolean;
  /** Omitted: printed as a valid coupon. */
  status?: CouponStatus;
};

type PrintableCouponProps = {
  coupon: PrintableCouponData;
  /** IANA zone for the dates; the store's zone from /api/config by default. */
  timeZone?: string;
  className?: string;
};

/**
 * The coupon as the customer prints it and the store scans it: value, code
 * (large, monospace), a QR code of the counter page's URL with the code
 * (docs/api.md#counter: staff see the verdict, anyone else is asked to see
 * the staff), made in the browser (a code is bearer value: it never goes to
 * an image service, docs/product.md#deliberate-differences-from-the-original-product), webinar,
 * issue and expiry dates in the store's time zone, the terms of docs/product.md#coupons.
 * While it is on the page, printing prints only this coupon, on one page
 * (printable-coupon.css). A redeemed or expired coupon says so in print too.
 */
export function PrintableCoupon({ coupon, timeZone, className }: PrintableCouponProps) {
  const storeZone = useStoreTimeZone();
  const zone = timeZone ?? storeZone;
  const status = couponDisplayStatus({ status: coupon.status ?? "active", expires_at: coupon.expires_at });
  const title = coupon.webinar_title || "Unknown Webinar";
  const terms = couponTerms(coupon, zone);
  const value = couponValue(coupon);
  // Today's value while it is good (a Split coupon past its bonus date is
  // worth its paid part), else the face value under the stamp.
  const shown = status.label === "Valid" ? value.today : coupon.value;

  return (
    <article
      data-printable-coupon=""
      aria-label={`Coupon ${coupon.code}`}
      className={cn(
        "relative mx-auto w-full max-w-2xl overflow-hidden rounded-xl border-2 border-dashed border-accent-500 bg-white text-ink",
        "print:max-w-[7in] print:rounded-lg print:text-black",
        className,
      )}
    >
      <header className="flex flex-wrap items-end justify-between gap-x-6 gap-y-2 bg-accent-600 px-5 py-4 text-white sm:px-6 print:px-6">
        <div className="grid gap-0.5">
          <p className="text-xs font-semibold tracking-widest uppercase opacity-90">Store Credit Coupon</p>
          <p className="text-xl font-extrabold tracking-tight">{store.name}</p>
        </div>
        <p className="leading-none sm:text-right print:text-right">
          <span className="block text-4xl font-extrabold tracking-tight sm:text-5xl print:text-5xl">
            {formatMoney(shown)}
          </span>
          <span className="mt-1 block text-xs font-semibold tracking-widest uppercase opacity-90">
            {value.split && value.bonusExpired && status.label === "Valid" ? "store credit · bonus expired" : "store credit"}
          </span>
        </p>
      </header>

      {status.label !== "Valid" && (
        <p className="border-b-2 border-zinc-800 bg-zinc-100 px-5 py-2 text-center text-sm font-extrabold tracking-widest text-zinc-800 uppercase sm:px-6">
          {status.label}: no longer valid for purchases
        </p>
      )}

      <div className="grid items-center gap-5 px-5 py-5 sm:grid-cols-[1fr_auto] sm:px-6 print:grid-cols-[1fr_auto] print:px-6">
        <dl className="grid min-w-0 gap-3">
          <div className="grid gap-0.5">
            <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Coupon code</dt>
            <dd className="font-mono text-xl font-bold tracking-wider break-words text-ink sm:text-3xl print:text-3xl">
              {coupon.code}
            </dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Webinar</dt>
            <dd className="font-semibold">{title}</dd>
          </div>
          <div className="grid gap-3 sm:grid-cols-2 print:grid-cols-2">
            <div className="grid gap-0.5">
              <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Issued</dt>
              <dd className="text-sm">{formatEventDate(coupon.created_at, zone)}</dd>
            </div>
            <div className="grid gap-0.5">
              <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Expires</dt>
              <dd className="text-sm font-semibold">{couponEnd(coupon, (iso) => formatEventDate(iso, zone))}</dd>
            </div>
          </div>
          {value.split && (
            <div className="grid gap-0.5">
              <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Value</dt>
              <dd>
                <CouponValueParts coupon={coupon} timeZone={zone} />
              </dd>
            </div>
          )}
        </dl>
        <figure className="grid justify-items-center gap-1 justify-self-center">
          <QRCodeSVG
            value={counterUrl(coupon.code)}
            size={152}
            level="M"
            marginSize={2}
            title={`QR code of coupon ${coupon.code}`}
            role="img"
            aria-label={`QR code of coupon ${coupon.code}`}
            className="rounded-md border bg-white"
          />
          <figcaption className="text-xs text-muted-foreground">Scan at the register</figcaption>
        </figure>
      </div>

      <section aria-label="Coupon terms" className="border-t border-dashed border-zinc-300 px-5 py-4 sm:px-6 print:px-6">
        <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Terms</h3>
        <ul className="mt-2 grid list-disc gap-1 pl-4 text-xs leading-snug text-zinc-700 sm:grid-cols-2 sm:gap-x-6 print:grid-cols-2 print:gap-x-6">
          {terms.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
        <p className="mt-3 text-xs text-zinc-600">
          {store.name} · {storeAddressLine} · {store.phone}
        </p>
      </section>
    </article>
  );
}

/**
 * Prints the coupon on the page through the browser's print dialog. In-page
 * window.print() and print CSS (no popup window, so no popup blocker); the
 * document title becomes the code for the saved PDF's name while the dialog
 * is open. A browser without printing gets the 'Print Error' toast
 * (docs/product.md#texts-users-see).
 */
export function usePrintCoupon(code?: string) {
  return useCallback(() => {
    if (typeof window.print !== "function") {
      notify.error("Print Error", "This browser cannot print. Please use another browser to print your coupon.");
      return;
    }
    const title = document.title;
    if (code) document.title = `${store.name} coupon ${code}`;
    const restore = () => {
      window.removeEventListener("afterprint", restore);
      document.title = title;
    };
    window.addEventListener("afterprint", restore);
    try {
      window.print();
    } catch {
      restore();
      notify.error("Print Error", "The print dialog could not be opened. Please use your browser's Print command.");
    }
  }, [code]);
}

type PrintCouponButtonProps = Omit<ButtonProps, "onClick" | "asChild"> & {
  /** The code of the coupon on the page, used to name the printout. */
  code?: string;
};

/** 'Print Coupon': opens the print dialog for the PrintableCoupon on the page. */
export function PrintCouponButton({ code, children, ...props }: PrintCouponButtonProps) {
  const print = usePrintCoupon(code);
  return (
    <Button onClick={print} {...props}>
      <Printer aria-hidden="true" />
      {children ?? "Print Coupon"}
    </Button>
  );
}
