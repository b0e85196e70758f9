import { useEffect, useRef, type RefObject } from "react";

/** A request to move the player to `seconds` and play; a new `n` is a new request. */
export type PlayerJump = { seconds: number; n: number };

/** What a player component lets the page do to it once it is ready. */
export type PlayerControl = { jumpTo(seconds: number): void };

/**
 * Carries out the page's jump requests ('Resume at 12:34') on a player: each
 * request once, as soon as the player is ready and has set its control.
 */
export function usePlayerJump(jump: PlayerJump | null | undefined, ready: boolean, control: RefObject<PlayerControl | null>) {
  const applied = useRef<number | null>(null);
  useEffect(() => {
    if (!jump || !ready || !control.current || applied.current === jump.n) return;
    applied.current = jump.n;
    control.current.jumpTo(jump.seconds);
  }, [jump, ready, control]);
}
