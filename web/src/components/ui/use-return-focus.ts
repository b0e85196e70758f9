import { useRef } from "react";

type AutoFocusHandler = (event: Event) => void;

/**
 * Focus goes back to whatever opened a dialog when it closes. Radix does this
 * only for its own Trigger; most of our dialogs open from state (a row's
 * button, 'Reserve Spot'), so the Content remembers the element that had
 * focus when it opened. Returns the two Content props; a caller's own
 * handlers run first and can preventDefault to opt out.
 */
export function useReturnFocus(onOpenAutoFocus?: AutoFocusHandler, onCloseAutoFocus?: AutoFocusHandler) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      // Runs before Radix moves focus into the dialog.
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const target = opener.current;
      opener.current = null;
      if (target?.isConnected) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}
