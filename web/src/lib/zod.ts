import { z } from "zod";
import * as zm from "zod/mini";

// The server's Content-Security-Policy forbids eval (script-src has no
// 'unsafe-eval'). Unless jitless, zod probes `new Function("")` when the first
// object schema is built; the throw is caught, but the browser still reports a
// securitypolicyviolation on every page load. Every schema imports zod from
// here, so the setting is in place before any module builds one (z and zm
// share one configuration). package.json lists this file under "sideEffects"
// (the other modules are side-effect free, so the bundler drops unused
// re-exports of the feature index files): without that, this call is dropped.
zm.config({ jitless: true });

/**
 * Two spellings of the same zod:
 * - `zm` (zod/mini, functional and tree-shakable: a few KB) for the API
 *   response shapes a first visit to / parses (session, webinars, settings,
 *   registrations, coupons). The first visit's JavaScript budget
 *   (web/scripts/check-bundle.mjs) has no room for classic zod.
 * - `z` (classic zod, ~23 KB gzip, chainable) for forms and admin screens,
 *   which load in their own chunks.
 * Both build the same schemas: `zm.safeParse`, `zodResolver` and `z.infer`
 * accept either.
 */
export { z, zm };
