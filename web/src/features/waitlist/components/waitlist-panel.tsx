import { CircleAlert, Clock, ListPlus, LoaderCircle, LogOut, Ticket, Undo2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { errorMessage } from "@/lib/api";
import { useAuth } from "@/lib/auth/use-auth";
import { formatEventDate } from "@/lib/format";
import { webinarCouponPath } from "@/lib/paths";
import { useRegistration } from "@/lib/registrations/get-registration";
import { notify } from "@/lib/toast";
import { useConfirmMutation } from "@/lib/use-confirm-mutation";
import { useStoreTimeZone } from "@/lib/use-store-time-zone";
import { useWaitlistStanding } from "@/lib/waitlist/get-standing";
import type { WaitlistStanding } from "@/lib/waitlist/schemas";
import { useJoinWaitlist } from "../api/join-waitlist";
import { useLeaveWaitlist } from "../api/leave-waitlist";
import { useHoldCountdown } from "./use-hold-countdown";

// docs/product.md#waiting-list: the texts users see.
export const REGISTER_TO_WAIT = "Register for this webinar to join its waiting list.";
export const JOINED_TOAST = "You're on the waiting list. We'll e-mail you when a seat opens up.";
export const LEFT_TOAST = "You've left the waiting list.";
export const PASSED_ON_TOAST = "The seat goes to the next person.";
export const PASS_ON_QUESTION = "Pass your seat on to the next person?";

/**
 * Where the panel sits: the webinar detail page (a held seat links to the coupon page), the watch
 * page's purchase card (which has the link itself), or the coupon page (a held seat can be passed
 * on there, under the offer it lets me buy).
 */
export type WaitlistPlace = "detail" | "watch" | "coupon";

export type WaitlistPanelProps = {
  webinarId: string;
  place: WaitlistPlace;
  /**
   * Whether the webinar shows no seat left (the default). A seat held for someone is not
   * subtracted from the seats shown, so a page with seats left still shows my place or the seat
   * held for me; it offers joining, or asks a non-registrant to register, only when sold out.
   */
  soldOut?: boolean;
};

/** The API's refusal, where the panel's action is (as the coupon page shows a failed start). */
function Failure({ error }: { error: unknown }) {
  return (
    <Alert variant="destructive">
      <CircleAlert aria-hidden="true" />
      <AlertDescription>{errorMessage(error)}</AlertDescription>
    </Alert>
  );
}

function Spinner() {
  return <LoaderCircle className="animate-spin" aria-hidden="true" />;
}

/** 'A seat is held for you until {time} ({countdown} left).' in the store's zone. */
function HeldSentence({ webinarId, expiresAt }: { webinarId: string; expiresAt: string }) {
  const timeZone = useStoreTimeZone();
  const left = useHoldCountdown(webinarId, expiresAt);
  return (
    <>
      A seat is held for you until {formatEventDate(expiresAt, timeZone)} ({left}).
    </>
  );
}

/** The coupon page's banner over the offer: the hold, its countdown, and passing the seat on. */
function HeldSeatBanner({ webinarId, expiresAt }: { webinarId: string; expiresAt: string }) {
  const leave = useLeaveWaitlist(webinarId);
  const [confirming, setConfirming] = useState(false);
  const { dialog, confirm } = useConfirmMutation({
    mutation: leave,
    onClose: () => setConfirming(false),
    onSuccess: () => notify.success(PASSED_ON_TOAST),
    onFailure: (error) => errorMessage(error),
  });
  return (
    <Alert variant="success" role="status" aria-label="Seat held for you">
      <Clock aria-hidden="true" />
      <AlertDescription>
        <p className="font-semibold">
          <HeldSentence webinarId={webinarId} expiresAt={expiresAt} />
        </p>
        <div className="pt-1">
          <Button variant="outline" size="sm" className="h-auto min-h-9 py-1.5 whitespace-normal" onClick={() => setConfirming(true)}>
            <Undo2 aria-hidden="true" />
            No longer interested? Pass it on
          </Button>
        </div>
      </AlertDescription>
      <ConfirmDialog
        {...dialog}
        open={confirming}
        title={PASS_ON_QUESTION}
        confirmLabel="Pass it on"
        pendingLabel="Passing it on..."
        destructive
        onConfirm={() => void confirm(undefined)}
      >
        The seat held for you goes to the next person on the waiting list.
      </ConfirmDialog>
    </Alert>
  );
}

function Held({ webinarId, standing, place }: { webinarId: string; standing: WaitlistStanding; place: WaitlistPlace }) {
  const expiresAt = standing.offer_expires_at;
  if (!expiresAt) return null;
  if (place === "coupon") return <HeldSeatBanner webinarId={webinarId} expiresAt={expiresAt} />;
  return (
    <div className="grid gap-3">
      <p className="flex items-start gap-2 text-sm font-semibold text-green-800">
        <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          <HeldSentence webinarId={webinarId} expiresAt={expiresAt} />
        </span>
      </p>
      {place === "detail" && (
        <Button asChild className="w-full">
          <Link to={webinarCouponPath(webinarId)}>
            <Ticket aria-hidden="true" />
            Buy your coupon
          </Link>
        </Button>
      )}
    </div>
  );
}

function Join({ webinarId }: { webinarId: string }) {
  const join = useJoinWaitlist(webinarId);
  const run = () => join.mutate(undefined, { onSuccess: () => notify.success(JOINED_TOAST) });
  return (
    <div className="grid gap-3">
      {join.isError && <Failure error={join.error} />}
      <Button variant="outline" className="w-full" onClick={run} disabled={join.isPending} aria-busy={join.isPending}>
        {join.isPending ? <Spinner /> : <ListPlus aria-hidden="true" />}
        Join the waiting list
      </Button>
    </div>
  );
}

function Waiting({ webinarId, standing }: { webinarId: string; standing: WaitlistStanding }) {
  const leave = useLeaveWaitlist(webinarId);
  const run = () => leave.mutate(undefined, { onSuccess: () => notify.success(LEFT_TOAST) });
  return (
    <div className="grid gap-3">
      <p className="text-sm font-semibold text-ink">
        You're on the waiting list: number {standing.position ?? standing.waiting} of {standing.waiting}.
      </p>
      {leave.isError && <Failure error={leave.error} />}
      <Button variant="ghost" size="sm" className="w-fit text-muted-foreground" onClick={run} disabled={leave.isPending} aria-busy={leave.isPending}>
        {leave.isPending ? <Spinner /> : <LogOut aria-hidden="true" />}
        Leave the waiting list
      </Button>
    </div>
  );
}

/**
 * A sold-out webinar's waiting list for a signed-in user (docs/product.md#waiting-list): not
 * registered, 'Register for this webinar to join its waiting list.'; then by my standing, 'Join
 * the waiting list', my place and 'Leave the waiting list', or the seat held for me. Nothing for
 * a visitor (the page links them to the login), nor once the seat is bought.
 */
export function WaitlistPanel({ webinarId, place, soldOut = true }: WaitlistPanelProps) {
  const { user } = useAuth();
  const registration = useRegistration(webinarId, { enabled: Boolean(user) });
  const reg = registration.data;
  const mayWait = Boolean(reg && !reg.purchased_coupon);
  const standing = useWaitlistStanding(webinarId, { enabled: Boolean(user) && mayWait });

  if (!user || !registration.isSuccess) return null;
  let body;
  if (!reg) {
    if (!soldOut) return null;
    body = <p className="text-sm text-muted-foreground">{REGISTER_TO_WAIT}</p>;
  } else if (!mayWait || !standing.isSuccess) return null;
  else if (standing.data.status === "offered") body = <Held webinarId={webinarId} standing={standing.data} place={place} />;
  else if (standing.data.status === "waiting") body = <Waiting webinarId={webinarId} standing={standing.data} />;
  else if (soldOut) body = <Join webinarId={webinarId} />;
  else return null;

  return (
    <section aria-label="Waiting list" className="grid gap-3">
      {body}
    </section>
  );
}
