import { RotateCcw } from "lucide-react";
import { Link } from "react-router";
import { useCallback, useEffect, useRef, useState } from "react";
import { PageContainer } from "@/components/layout/page";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useStoreTimeZone } from "@/lib/use-store-time-zone";
import { useCameraScanner } from "../hooks/use-camera-scanner";
import { useCounter, type CounterState } from "../hooks/use-counter";
import type { Verdict } from "../lib/verdict";
import { CameraPanel } from "./camera-panel";
import { CodeForm } from "./code-form";
import { VerdictCard } from "./verdict-card";

/** A short buzz for a coupon to accept, a double one for a coupon to refuse. */
function vibrate(verdict: Verdict) {
  const ok = verdict.kind === "valid" || verdict.kind === "redeemed-now";
  try {
    navigator.vibrate?.(ok ? 80 : [150, 80, 150]);
  } catch {
    // Not allowed here (no user gesture yet): the card says it all.
  }
}

/** On a touch screen, focusing the field opens the on-screen keyboard over the verdict: there, only a tap focuses it. */
function keepsFocus(): boolean {
  return !window.matchMedia?.("(pointer: coarse)").matches;
}

function VerdictArea({
  state,
  timeZone,
  counter,
}: {
  state: CounterState;
  timeZone: string;
  counter: ReturnType<typeof useCounter>;
}) {
  switch (state.status) {
    case "idle":
      return (
        <p className="rounded-2xl border-4 border-dashed border-zinc-300 px-5 py-10 text-center text-lg text-muted-foreground">
          Scan a coupon's QR code or type its code to see whether it is valid.
        </p>
      );
    case "checking":
      return (
        <div className="flex items-center justify-center gap-3 rounded-2xl border-4 border-zinc-200 px-5 py-10 text-lg">
          <Spinner className="size-7" label={`Checking ${state.code}`} />
          <span aria-hidden="true">
            Checking <span className="font-mono">{state.code}</span>...
          </span>
        </div>
      );
    case "failed":
      return (
        <Alert variant="destructive">
          <AlertTitle>Could not check {state.code}</AlertTitle>
          <AlertDescription>
            <p>{state.message}</p>
            <Button variant="outline" size="sm" className="mt-2 w-fit" onClick={() => counter.retry(state.code)}>
              <RotateCcw aria-hidden="true" />
              Try Again
            </Button>
          </AlertDescription>
        </Alert>
      );
    case "verdict":
      return (
        <VerdictCard
          verdict={state.verdict}
          timeZone={timeZone}
          busy={counter.busy}
          onRedeem={(code, receipt) => void counter.redeem(code, receipt)}
          onUndo={(code) => void counter.undo(code)}
        />
      );
  }
}

/**
 * The counter for staff and admins (docs/product.md#roles-and-permissions and
 * docs/product.md#route-table, docs/operations.md#at-the-counter): the live camera and the code
 * field feed one lookup; the verdict card shows the answer. `initialCode`: from `/counter?code=…`
 * (a phone's own camera app opened the coupon's QR), looked up at once.
 */
export function Counter({ initialCode }: { initialCode: string | null }) {
  const timeZone = useStoreTimeZone();
  const counter = useCounter();
  const { submit, state } = counter;
  const inputRef = useRef<HTMLInputElement>(null);
  const [focusField] = useState(keepsFocus);

  const onScan = useCallback((text: string) => void submit(text, performance.now(), "camera"), [submit]);
  const onType = useCallback((text: string) => void submit(text, performance.now(), "keyboard"), [submit]);
  const scanner = useCameraScanner(onScan);

  useEffect(() => {
    if (initialCode) submit(initialCode, performance.now());
  }, [initialCode, submit]);

  const verdict = state.status === "verdict" ? state.verdict : null;
  useEffect(() => {
    if (verdict) vibrate(verdict);
  }, [verdict]);

  // The field keeps focus after every answer and action (a wedge scanner types into it).
  useEffect(() => {
    if (focusField) inputRef.current?.focus({ preventScroll: true });
  }, [focusField, state, counter.busy]);

  return (
    <PageContainer className="max-w-6xl py-4 sm:py-8">
      <div className="mb-4 grid gap-1">
        <h1 className="text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">Counter</h1>
        <p className="hidden text-muted-foreground sm:block">Scan or type a coupon code, check the verdict, redeem.</p>
        {/* A document load: the counter's own policies stay with the counter (docs/api.md#counter). */}
        <Link to="/counter/questions" reloadDocument className="w-fit py-1 text-sm font-semibold text-accent-700 underline underline-offset-4">
          Viewers' questions
        </Link>
      </div>
      <div className="grid items-start gap-5 lg:grid-cols-2">
        <div className="grid gap-4">
          <CameraPanel scanner={scanner} />
          <CodeForm inputRef={inputRef} autoFocus={focusField} onSubmit={onType} />
        </div>
        <div className="grid gap-3">
          {counter.actionError && (
            <Alert variant="destructive">
              <AlertDescription>
                <p>{counter.actionError}</p>
              </AlertDescription>
            </Alert>
          )}
          <VerdictArea state={state} timeZone={timeZone} counter={counter} />
        </div>
      </div>
    </PageContainer>
  );
}
