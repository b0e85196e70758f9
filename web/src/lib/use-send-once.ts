import { useEffect, useRef } from "react";

/**
 * Calls `send(token)` once per token on arrival at a page an e-mail link
 * opened (confirm e-mail, unsubscribe), also when StrictMode runs effects
 * twice; an empty token sends nothing. A link that works once must not be
 * spent by a second render.
 */
export function useSendOnce(token: string, send: (token: string) => void) {
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    send(token);
  }, [token, send]);
}
