import { couponEnd } from "@/lib/coupons/expiry";
import { BadgeCheck, Ban, CalendarX, CircleCheck, IdCard, OctagonX, SearchX, ShieldAlert, Undo2, UserX, type LucideIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { formatEventDate } from "@/lib/format";
import { formatStoreDay } from "@/lib/store-time";
import { formatMoney } from "@/lib/money";
import { cn } from "@/lib/utils";
import type { CounterCoupon } from "../api/schemas";
import type { Verdict } from "../lib/verdict";

export const ID_REMINDER = "Check photo ID (21+) and FOID for firearm purchases";

/** The server's refusal of a clerk's own coupon (docs/api.md#counter), shown before they try. */
export const OWN_COUPON = "Ask another staff member to redeem your own coupon.";

type Look = { title: string; icon: LucideIcon; band: string; border: string; urgent: boolean };

// Colour, icon and words together: never colour alone. `urgent` verdicts stop
// the sale, so they are announced at once (role="alert").
const looks: Record<Verdict["kind"], Look> = {
  valid: { title: "VALID", icon: CircleCheck, band: "bg-green-700 text-white", border: "border-green-700", urgent: false },
  "redeemed-now": { title: "REDEEMED", icon: BadgeCheck, band: "bg-blue-700 text-white", border: "border-blue-700", urgent: false },
  "already-redeemed": { title: "ALREADY REDEEMED", icon: OctagonX, band: "bg-red-700 text-white", border: "border-red-700", urgent: true },
  expired: { title: "EXPIRED", icon: CalendarX, band: "bg-amber-400 text-amber-950", border: "border-amber-500", urgent: true },
  refunded: { title: "REFUNDED", icon: Ban, band: "bg-zinc-600 text-white", border: "border-zinc-600", urgent: true },
  disputed: { title: "DISPUTED", icon: ShieldAlert, band: "bg-purple-800 text-white", border: "border-purple-800", urgent: true },
  "not-found": { title: "NOT FOUND", icon: SearchX, band: "bg-zinc-800 text-white", border: "border-zinc-800", urgent: true },
};

/** What the clerk takes off now: today's value (docs/product.md#coupons "Value policy"), the face value from an older server. */
function today(c: CounterCoupon): number {
  return c.value_today_cents ?? c.value_cents;
}

/** The one line under the title: what the clerk does now. */
function lead(verdict: Verdict, timeZone: string): string {
  switch (verdict.kind) {
    case "valid":
      return verdict.undone
        ? "Redemption undone: the coupon is valid again."
        : `Take ${formatMoney(today(verdict.coupon) / 100)} off a purchase of ${formatMoney(verdict.coupon.min_purchase_cents / 100)} or more.`;
    case "redeemed-now":
      return `Redeemed. Apply ${formatMoney((verdict.coupon.redeemed_value_cents ?? today(verdict.coupon)) / 100)} store credit.`;
    case "already-redeemed": {
      const c = verdict.coupon;
      const who = c.redeemed_by_me ? "you" : (c.redeemed_by_name ?? "unknown staff");
      return c.redeemed_at
        ? `Redeemed ${formatEventDate(c.redeemed_at, timeZone)} by ${who}. Do not accept it.`
        : "This coupon was already redeemed. Do not accept it.";
    }
    case "expired":
      return `Expired ${formatEventDate(verdict.coupon.expires_at, timeZone)}. Do not accept it.`;
    case "refunded":
      return "This coupon was refunded, so it is void. Do not accept it.";
    case "disputed":
      return "The payment for this coupon is disputed with the card issuer. Do not accept it.";
    case "not-found":
      return "No coupon with this code. Check the code and try again.";
  }
}

function Detail({ term, children, className }: { term: string; children: React.ReactNode; className?: string }) {
  return (
    <div className={cn("grid gap-0.5", className)}>
      <dt className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">{term}</dt>
      <dd className="text-lg font-semibold break-words text-ink">{children}</dd>
    </div>
  );
}

function CouponDetails({ coupon, timeZone }: { coupon: CounterCoupon; timeZone: string }) {
  const split = coupon.value_policy === "split";
  const used = coupon.redeemed_value_cents != null;
  const bonus = coupon.bonus_cents ?? 0;
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <Detail term={used ? "Redeemed for" : split ? "Value today" : "Value"} className="sm:col-span-2">
        <span className="text-5xl font-black tracking-tight">
          {formatMoney((coupon.redeemed_value_cents ?? (today(coupon) || coupon.value_cents)) / 100)}
        </span>
        {split && coupon.bonus_expired && (
          <span className="mt-1 block text-lg font-bold text-amber-800">
            bonus expired: {formatMoney(bonus / 100)} promotional value ended{" "}
            {coupon.bonus_until ? formatStoreDay(coupon.bonus_until, timeZone) : ""}
          </span>
        )}
      </Detail>
      {split && (
        <Detail term="Parts" className="sm:col-span-2">
          <span className="block text-base font-normal">
            Paid value {formatMoney((coupon.paid_cents ?? coupon.value_cents) / 100)} —{" "}
            {coupon.paid_never_expires
              ? "never expires"
              : `valid until ${formatStoreDay(coupon.paid_until ?? coupon.expires_at, timeZone)}`}
          </span>
          {bonus > 0 && !coupon.bonus_expired && (
            <span className="block text-base font-normal">
              {formatMoney(bonus / 100)} Promotional value — expires{" "}
              {formatStoreDay(coupon.bonus_until ?? coupon.expires_at, timeZone)}
            </span>
          )}
        </Detail>
      )}
      <Detail term="Minimum purchase">{formatMoney(coupon.min_purchase_cents / 100)}</Detail>
      <Detail term="Customer">{coupon.owner_name}</Detail>
      <Detail term="Webinar">{coupon.webinar_title}</Detail>
      <Detail term="Expires">{couponEnd(coupon, (iso) => formatEventDate(iso, timeZone))}</Detail>
      {coupon.pos_receipt && <Detail term="POS receipt #">{coupon.pos_receipt}</Detail>}
      {coupon.redeemed_at && (
        <Detail term="Redeemed">
          {formatEventDate(coupon.redeemed_at, timeZone)} by {coupon.redeemed_by_me ? "you" : (coupon.redeemed_by_name ?? "unknown staff")}
        </Detail>
      )}
      <Detail term="Code">
        <span className="font-mono tracking-wider">{coupon.code}</span>
      </Detail>
    </dl>
  );
}

/** The receipt's rule, as the server checks it (docs/api.md#counter). */
const MAX_RECEIPT = 40;

/**
 * Mark Redeemed, with the POS sale's receipt number: typed, or scanned into
 * the field by a keyboard-wedge scanner (its Enter redeems). Required when
 * the owner's setting says so.
 */
function RedeemForm({
  code,
  required,
  busy,
  onRedeem,
}: {
  code: string;
  required: boolean;
  busy: "redeem" | "undo" | null;
  onRedeem: (code: string, receipt: string) => void;
}) {
  const id = useId();
  const [receipt, setReceipt] = useState("");
  const missing = required && !receipt.trim();
  return (
    <form
      className="grid gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (!missing) onRedeem(code, receipt.trim());
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={id} className="text-base font-semibold">
          POS receipt #{required ? "" : " (optional)"}
        </Label>
        <Input
          id={id}
          value={receipt}
          onChange={(e) => setReceipt(e.target.value)}
          maxLength={MAX_RECEIPT}
          required={required}
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="done"
          aria-describedby={`${id}-help`}
          className="h-12 font-mono text-lg"
        />
        <p id={`${id}-help`} className="text-sm text-muted-foreground">
          The receipt number of this sale in the store's POS, so the day's books match.
        </p>
      </div>
      <Button
        type="submit"
        size="lg"
        className="h-16 w-full bg-green-700 text-xl hover:bg-green-800"
        disabled={busy !== null || missing}
        aria-busy={busy === "redeem"}
      >
        <CircleCheck className="size-6" aria-hidden="true" />
        {busy === "redeem" ? "Redeeming..." : "Mark Redeemed"}
      </Button>
    </form>
  );
}

type VerdictCardProps = {
  verdict: Verdict;
  /** IANA zone of the store, for every date. */
  timeZone: string;
  busy: "redeem" | "undo" | null;
  /** Redeem with the POS sale's receipt number ("" when none was typed). */
  onRedeem: (code: string, receipt: string) => void;
  onUndo: (code: string) => void;
};

/**
 * The verdict of a scan, readable at arm's length: full width, a coloured
 * band with an icon and the verdict in large capitals, what to do, the
 * coupon's facts, and the one action that fits (Mark Redeemed on VALID, Undo
 * after a redemption this clerk may still take back).
 */
export function VerdictCard({ verdict, timeZone, busy, onRedeem, onUndo }: VerdictCardProps) {
  const titleId = useId();
  const look = looks[verdict.kind];
  const Icon = look.icon;
  const coupon = verdict.kind === "not-found" ? null : verdict.coupon;
  const canUndo = coupon !== null && coupon.can_undo && (verdict.kind === "redeemed-now" || verdict.kind === "already-redeemed");
  const own = verdict.kind === "valid" && verdict.coupon.own_coupon === true;

  return (
    <section aria-labelledby={titleId} className={cn("w-full overflow-hidden rounded-2xl border-4 bg-card shadow-sm", look.border)}>
      <div role={look.urgent ? "alert" : "status"} className={cn("grid gap-2 px-5 py-4", look.band)}>
        <h2 id={titleId} className="flex items-center gap-3 text-4xl font-black tracking-tight sm:text-5xl">
          <Icon className="size-11 shrink-0 sm:size-14" aria-hidden="true" strokeWidth={2.5} />
          {look.title}
        </h2>
        <p className="text-lg leading-snug font-semibold sm:text-xl">{lead(verdict, timeZone)}</p>
      </div>
      <div className="grid gap-5 px-5 py-5">
        {verdict.kind === "valid" && (
          <p className="flex items-start gap-3 rounded-lg border-2 border-amber-500 bg-amber-50 px-4 py-3 text-lg font-bold text-amber-950">
            <IdCard className="mt-0.5 size-6 shrink-0" aria-hidden="true" />
            {ID_REMINDER}
          </p>
        )}
        {coupon ? (
          <CouponDetails coupon={coupon} timeZone={timeZone} />
        ) : (
          <p className="text-lg text-ink">
            Code: <span className="font-mono font-semibold tracking-wider break-all">{verdict.kind === "not-found" && verdict.code}</span>
          </p>
        )}
        {own && (
          <p className="flex items-start gap-3 rounded-lg border-2 border-red-700 bg-red-50 px-4 py-3 text-lg font-bold text-red-900">
            <UserX className="mt-0.5 size-6 shrink-0" aria-hidden="true" />
            {OWN_COUPON}
          </p>
        )}
        {verdict.kind === "valid" && !own && (
          <RedeemForm
            key={verdict.coupon.code}
            code={verdict.coupon.code}
            required={verdict.receiptRequired === true}
            busy={busy}
            onRedeem={onRedeem}
          />
        )}
        {canUndo && coupon && (
          <Button
            variant="outline"
            size="lg"
            className="h-14 w-full text-lg"
            disabled={busy !== null}
            aria-busy={busy === "undo"}
            onClick={() => onUndo(coupon.code)}
          >
            <Undo2 className="size-5" aria-hidden="true" />
            {busy === "undo" ? "Undoing..." : "Undo"}
          </Button>
        )}
      </div>
    </section>
  );
}
