import { z } from "zod";

// The server's Content-Security-Policy forbids eval (script-src has no
// 'unsafe-eval'). Unless jitless, zod probes `new Function("")` when the first
// object schema is built; the throw is caught, but the browser still reports a
// securitypolicyviolation on every page load. Every schema imports z from
// here, so the setting is in place before any module builds one.
z.config({ jitless: true });

export { z };
