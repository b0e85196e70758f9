import { useCallback, useRef, useState } from "react";
import { errorMessage, isApiError } from "@/lib/api";
import { lookUpCoupon, redeemCoupon, unredeemCoupon } from "../api/counter-coupons";
import { normalizeCouponCode } from "../lib/coupon-code";
import { createScanDebounce } from "../lib/scan-debounce";
import { codeOf, verdictOf, type Verdict } from "../lib/verdict";

/** A code seen again within this many ms of its last sighting is not looked up again. */
export const REPEAT_WINDOW_MS = 2000;

export type CounterState =
  | { status: "idle" }
  | { status: "checking"; code: string }
  | { status: "verdict"; verdict: Verdict }
  | { status: "failed"; code: string; message: string };

type Action = "redeem" | "undo";
type Source = "camera" | "keyboard";

/**
 * The counter's one flow: a code (camera, keyboard wedge or typing) becomes a
 * verdict; a valid coupon can be redeemed, a fresh redemption undone. The
 * newest code wins over answers still on their way; while a redemption or an
 * undo is in flight, new codes wait (the clerk must see what they did).
 */
export function useCounter() {
  const [state, setState] = useState<CounterState>({ status: "idle" });
  const [busy, setBusy] = useState<Action | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const debounce = useRef({ camera: createScanDebounce(REPEAT_WINDOW_MS), keyboard: createScanDebounce(REPEAT_WINDOW_MS) });
  const latest = useRef(0);
  const busyRef = useRef(false);
  const busyCode = useRef<string | null>(null);
  const inflight = useRef<AbortController | null>(null);

  const lookUp = useCallback(async (code: string) => {
    const id = ++latest.current;
    inflight.current?.abort();
    const controller = new AbortController();
    inflight.current = controller;
    setActionError(null);
    // The same coupon seen again keeps its card until the fresh answer replaces it, so a
    // coupon held in front of the camera does not flicker between card and spinner.
    setState((shown) => (shown.status === "verdict" && codeOf(shown.verdict) === code ? shown : { status: "checking", code }));
    try {
      const result = await lookUpCoupon(code, controller.signal);
      if (id === latest.current) setState({ status: "verdict", verdict: verdictOf(result) });
    } catch (error) {
      if (id !== latest.current || controller.signal.aborted) return;
      if (isApiError(error) && error.status === 404) {
        setState({ status: "verdict", verdict: { kind: "not-found", code } });
      } else {
        setState({ status: "failed", code, message: errorMessage(error) });
      }
    }
  }, []);

  /**
   * A code read (`camera`) or typed (`keyboard`: typing or a wedge scanner)
   * at `now` (ms, any monotonic clock). Each source drops its own repeats
   * within REPEAT_WINDOW_MS, so a code typed on purpose is never dropped for
   * the camera having seen it. Returns false when it was dropped; while a
   * redemption or undo is in flight every code is dropped, and the camera's
   * sightings of that coupon still count as seen.
   */
  const submit = useCallback(
    (input: string, now: number, source: Source = "keyboard"): boolean => {
      const code = normalizeCouponCode(input);
      const key = code ?? input.trim().toUpperCase();
      if (!key) return false;
      if (busyRef.current) {
        if (key === busyCode.current) debounce.current[source].accept(key, now);
        return false;
      }
      if (!debounce.current[source].accept(key, now)) return false;
      if (code) {
        void lookUp(code);
      } else {
        // Not a coupon code at all: NOT FOUND without asking the server.
        latest.current++;
        inflight.current?.abort();
        setActionError(null);
        setState({ status: "verdict", verdict: { kind: "not-found", code: input.trim() } });
      }
      return true;
    },
    [lookUp],
  );

  const act = useCallback(
    async (action: Action, code: string, receipt = "") => {
      busyRef.current = true;
      busyCode.current = code;
      setBusy(action);
      setActionError(null);
      const id = ++latest.current;
      try {
        const result = await (action === "redeem" ? redeemCoupon(code, receipt) : unredeemCoupon(code));
        if (id !== latest.current) return;
        setState({
          status: "verdict",
          verdict:
            action === "redeem"
              ? { kind: "redeemed-now", coupon: result.coupon }
              : { kind: "valid", coupon: result.coupon, undone: true, receiptRequired: result.pos_receipt_required === true },
        });
      } catch (error) {
        if (id !== latest.current) return;
        // 409 (redeemed by someone else, expired meanwhile, not redeemed),
        // 403 (the undo's 15 minutes are over) or 404: the card is out of
        // date; show the coupon as it is now, with the server's words.
        // 400: the receipt number was refused; the card stays for a better one.
        if (isApiError(error) && [403, 404, 409].includes(error.status)) {
          busyRef.current = false;
          await lookUp(code);
        }
        setActionError(errorMessage(error));
      } finally {
        busyRef.current = false;
        setBusy(null);
      }
    },
    [lookUp],
  );

  /** Look `code` up again now (after a failed lookup). */
  const retry = useCallback((code: string) => void lookUp(code), [lookUp]);
  /** Redeem `code` for the POS sale `receipt` ("" when none was typed). */
  const redeem = useCallback((code: string, receipt: string) => act("redeem", code, receipt), [act]);
  const undo = useCallback((code: string) => act("undo", code), [act]);

  return { state, busy, actionError, submit, retry, redeem, undo };
}
