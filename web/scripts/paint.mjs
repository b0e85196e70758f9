#!/usr/bin/env node
// The server's first paint, rendered by React itself (docs/api.md#pages).
// After `vite build` and `vite build --ssr src/app/server-render.tsx`, this
// renders each painted public page with the app's own server render and
// turns the markup into a Go html/template the server fills in
// (dist/.paint/paint.html, read by internal/page), plus the rules the
// server needs to pick a variant (dist/.paint/rules.json).
//
// How the markup becomes a template:
// - Text slots (titles, ids, dates, image URLs, settings) are rendered as
//   sentinels, ⟦Name⟧, and become {{.Name}}; money is rendered at a unique
//   amount and becomes {{.Price}} and the like (internal/money writes it).
// - Seat counts and the seat bar's percentage are found by rendering again
//   with one number changed: the characters that change are that slot.
// - Discrete states (paid or free, sold out, few seats, image or not…) are
//   rendered one by one and merged: what all variants share stays, what
//   differs becomes {{if}} branches.
// - The header and a webinar card are rendered alone, found in the page and
//   replaced by a call of their template; a list becomes a {{range}}.
// Every sentinel must end up a template action, or the build fails.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const web = join(import.meta.dirname, "..");
const ssr = await import(join(web, "ssr", "server-render.js"));
const { renderPage, renderHeader, renderCard, formatMoney, paintRules: rules } = ssr;

const S = (name) => `\u27e6${name}\u27e7`;
const PRICE = 9876.54;
const COUPON = 8765.43;
/** The minimum purchase is the server's to say (coupon.MinPurchaseCents): any unique amount marks its slot. */
const MIN_PURCHASE = 7654.32;

/** Seat numbers of each seat state: the sample and, in order, renders that change one slot each. */
const seatStates = [
  { cond: ".SoldOut", base: { L: 0, T: 50 }, alts: [["TotalSeats", { T: 51 }]] },
  { cond: ".OneSeat", base: { L: 1, T: 20 }, alts: [["TotalSeats", { T: 21 }], ["TakenPercent", { T: 40 }]] },
  {
    cond: ".LowSeats",
    base: { L: 3, T: 50 },
    alts: [["TotalSeats", { T: 51 }], ["TakenPercent", { T: 60 }], ["SeatsLeft", { L: 4 }]],
  },
  {
    cond: null,
    base: { L: 8317, T: 9433 },
    alts: [["TotalSeats", { T: 9434 }], ["TakenPercent", { T: 9833 }], ["SeatsLeft", { L: 8318 }]],
  },
];
if (!(4 < rules.lowSeatsThreshold && rules.lowSeatsThreshold <= 8317)) {
  throw new Error(`paint.mjs: its seat samples assume a low-seats threshold of 5 to 8317, not ${rules.lowSeatsThreshold}`);
}

/** The data a page embeds (internal/page initialData), for the header's variant. */
function pageData({ defaultTitle = true, storeUrl = false, heroUrl = false } = {}) {
  return {
    config: {
      timezone: "America/Chicago",
      storeUrl: storeUrl ? S("StoreURL") : "",
      paymentMode: "test",
      stripePublishableKey: "",
      require_email_confirmation: false,
      heroUrl: heroUrl ? S("HeroURL") : null,
    },
    site: {
      site_title: defaultTitle ? rules.siteName : S("SiteTitle"),
      contact_email: S("ContactEmail"),
      store_address: S("StoreAddress"),
      store_phone: S("StorePhone"),
    },
    announcement: { enabled: false, text: "" },
    backgrounds: {},
    session: { user: null, profile: null },
  };
}

/** A webinar of the public API in the given state, with seat numbers `seats`. */
function webinar(v, seats) {
  return {
    id: S("ID"),
    title: S("Title"),
    description: S("Description"),
    event_datetime: S("Date"),
    display_price: v.paid ? PRICE : 0,
    actual_coupon_value_percentage: v.credit ? rules.storeCreditPercentage + 20 : rules.storeCreditPercentage,
    coupon_value: v.coupon ? COUPON : 0,
    min_purchase: v.coupon ? MIN_PURCHASE : 0,
    min_purchase_cents: v.coupon ? Math.round(MIN_PURCHASE * 100) : 0,
    total_seats: seats.T,
    paid_seats: 0,
    seats_left: seats.L,
    thumbnail_image_path: v.image ? "sample.jpg" : null,
    thumbnail_url: v.image ? S("Image") : null,
    is_active: true,
  };
}

/** The dimensions of a webinar's variants: each a template condition per value (null: else). */
const webinarDims = [
  { name: "paid", values: [[".Paid", true], [null, false]] },
  { name: "coupon", values: [[".HasCoupon", true], [null, false]] },
  { name: "credit", values: [[".StoreCredit", true], [null, false]] },
  { name: "seats", values: seatStates.map((s) => [s.cond, s]) },
  { name: "image", values: [[".Image", true], [null, false]] },
];

// ---- template text

/** Where cuts may fall in a template: outside actions and blocks, at a tag's edge. */
function cutInfo(t) {
  const depth = new Int32Array(t.length + 1);
  const inAction = new Uint8Array(t.length + 1);
  let d = 0;
  for (let i = 0; i < t.length; ) {
    depth[i] = d;
    if (t.startsWith("{{", i)) {
      const end = t.indexOf("}}", i) + 2;
      const body = t.slice(i + 2, end - 2).trim();
      for (let j = i + 1; j < end; j++) {
        inAction[j] = 1;
        depth[j] = d;
      }
      if (/^(if|range|with|define|block)\b/.test(body)) d++;
      else if (body === "end") d--;
      i = end;
      continue;
    }
    i++;
  }
  depth[t.length] = d;
  return { depth, inAction };
}

function canCutAfter(t, k, info) {
  return info.depth[k] === 0 && !info.inAction[k] && (k === 0 || t[k - 1] === ">" || t.startsWith("{{end}}", k - 7));
}
function canCutBefore(t, k, info) {
  return info.depth[k] === 0 && !info.inAction[k] && (k === t.length || t[k] === "<" || (t.startsWith("{{", k) && !t.startsWith("{{end}}", k) && !t.startsWith("{{else", k)));
}

/** One template of several variants: what they share, and {{if}} branches where they differ. */
function choose(variants) {
  const tpls = variants.map((v) => v.tpl);
  if (tpls.every((t) => t === tpls[0])) return tpls[0];
  const infos = tpls.map(cutInfo);
  const min = Math.min(...tpls.map((t) => t.length));
  let p = 0;
  while (p < min && tpls.every((t) => t[p] === tpls[0][p])) p++;
  while (p > 0 && !tpls.every((t, i) => canCutAfter(t, p, infos[i]))) p--;
  let s = 0;
  while (s < min - p && tpls.every((t) => t[t.length - 1 - s] === tpls[0][tpls[0].length - 1 - s])) s++;
  while (s > 0 && !tpls.every((t, i) => canCutBefore(t, t.length - s, infos[i]))) s--;
  const mids = tpls.map((t) => t.slice(p, t.length - s));
  let body = "";
  variants.forEach((v, i) => {
    if (v.cond === null) body += `{{else}}${mids[i]}`;
    else body += `${i === 0 ? "{{if" : "{{else if"} ${v.cond}}}${mids[i]}`;
  });
  return tpls[0].slice(0, p) + body + "{{end}}" + tpls[0].slice(tpls[0].length - s);
}

/** The template of every combination of `dims`, from `fn(choice)`. */
function variants(dims, fn, choice = {}) {
  if (dims.length === 0) return fn(choice);
  const [d, ...rest] = dims;
  return choose(d.values.map(([cond, value]) => ({ cond, tpl: variants(rest, fn, { ...choice, [d.name]: value }) })));
}

/** The runs of digits where b differs from a (same length), as positions in a. */
function changedNumbers(a, b) {
  if (a.length !== b.length) throw new Error("paint.mjs: a changed number changed the markup's length");
  const runs = [];
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    let start = i;
    let end = i + 1;
    while (start > 0 && /\d/.test(a[start - 1])) start--;
    while (end < a.length && (a[end] !== b[end] || /\d/.test(a[end]))) end++;
    runs.push({ start, end });
    i = end - 1;
  }
  return runs;
}

/**
 * The markup `render(seats)` with its seat slots as actions: each alt
 * changes one slot (and maybe slots found before it).
 */
function withSeatSlots(render, state) {
  const base = render(state.base);
  const claims = [];
  for (const [name, change] of state.alts) {
    const alt = render({ ...state.base, ...change });
    for (const run of changedNumbers(base, alt)) {
      if (claims.some((c) => c.start < run.end && run.start < c.end)) continue;
      claims.push({ ...run, action: `{{.${name}}}` });
    }
  }
  claims.sort((x, y) => x.start - y.start);
  let out = "";
  let at = 0;
  for (const c of claims) {
    out += escapeDelims(base.slice(at, c.start)) + c.action;
    at = c.end;
  }
  return out + escapeDelims(base.slice(at));
}

function escapeDelims(markup) {
  return markup.replaceAll("{{", '{{"{{"}}');
}

/** Replaces every sentinel and sample amount by its action. */
function slots(t) {
  const money = { Price: PRICE, CouponValue: COUPON, MinPurchase: MIN_PURCHASE };
  for (const [name, amount] of Object.entries(money)) t = t.replaceAll(formatMoney(amount), `{{.${name}}}`);
  t = t.replace(/\u27e6(\w+)\u27e7/g, "{{.$1}}").replace(/%E2%9F%A6(\w+)%E2%9F%A7/g, "{{.$1}}");
  return t;
}

/** `part` (rendered alone) in `page`, replaced by `call`; it must be there. */
function replacePart(page, part, call, name) {
  if (!page.includes(part)) throw new Error(`paint.mjs: ${name} rendered alone is not in its page: does it depend on where it sits?`);
  return page.replaceAll(part, call);
}

// ---- the pages

const out = [];
function define(name, tpl) {
  if (/\u27e6|%E2%9F%A6/.test(tpl)) throw new Error(`paint.mjs: ${name} keeps a sentinel: ${tpl.match(/.{0,80}(\u27e6|%E2%9F%A6).{0,40}/)[0]}`);
  // html/template drops HTML comments; React's markers of text and Suspense must stay.
  tpl = tpl.replace(/<!--([\s\S]*?)-->/g, (_, c) => `{{comment ${JSON.stringify(c)}}}`);
  out.push(`{{define ${JSON.stringify(name)}}}${tpl}{{end}}`);
}

function header(page, url) {
  define(
    `${page}/header`,
    variants(
      [
        { name: "defaultTitle", values: [[".DefaultTitle", true], [null, false]] },
        { name: "storeUrl", values: [[".StoreURL", true], [null, false]] },
      ],
      (c) => slots(renderHeader(url, pageData(c))),
    ),
  );
  return { markup: renderHeader(url, pageData()), call: `{{template "${page}/header" $.Header}}` };
}

/** The card templates of a list and the list's range over .Cards. */
function cards(page, url, { headingLevel, eager }) {
  const card = (priority) =>
    variants(webinarDims, (v) =>
      slots(withSeatSlots((seats) => renderCard(url, pageData(), webinar(v, seats), { headingLevel, priority }), v.seats)),
    );
  define(`${page}/card`, card(false));
  let range = `{{range .Cards}}<li>{{template "${page}/card" .}}</li>{{end}}`;
  if (eager) {
    define(`${page}/card-eager`, card(true));
    range = `{{range $i, $c := .Cards}}<li>{{if lt $i ${rules.eagerCards}}}{{template "${page}/card-eager" $c}}{{else}}{{template "${page}/card" $c}}{{end}}</li>{{end}}`;
  }
  const sample = webinar({ paid: true, coupon: true, credit: true, image: true }, seatStates[3].base);
  const markup = `<li>${renderCard(url, pageData(), sample, { headingLevel, priority: eager })}</li>`;
  return { sample, markup, range };
}

const pages = [];

async function listPage(page, url, list, extraDims = []) {
  const h = header(page, url);
  const c = cards(page, url, list);
  const rendered = new Map();
  for (const combo of combos([...extraDims, { name: "cards", values: [[".Cards", true], [null, false]] }])) {
    const data = { ...pageData(combo), webinars: { webinars: combo.cards ? [c.sample] : [] } };
    rendered.set(JSON.stringify(combo), await renderPage(url, data));
  }
  const tpl = variants([...extraDims, { name: "cards", values: [[".Cards", true], [null, false]] }], (combo) => {
    let t = escapeDelims(rendered.get(JSON.stringify(combo)));
    t = replacePart(t, h.markup, h.call, `${page}'s header`);
    if (combo.cards) t = replacePart(t, c.markup, c.range, `${page}'s card`);
    return slots(t);
  });
  define(page, tpl);
  pages.push(page);
}

function combos(dims) {
  if (dims.length === 0) return [{}];
  const [d, ...rest] = dims;
  return d.values.flatMap(([, value]) => combos(rest).map((c) => ({ [d.name]: value, ...c })));
}

/** A page whose variants are its URL's: `url(combo)` is the URL of each. */
async function simplePage(page, dims, url) {
  const h = header(page, url({}));
  const rendered = new Map();
  for (const combo of combos(dims)) rendered.set(JSON.stringify(combo), await renderPage(url(combo), pageData()));
  define(
    page,
    variants(dims, (combo) => slots(replacePart(escapeDelims(rendered.get(JSON.stringify(combo))), h.markup, h.call, `${page}'s header`))),
  );
  pages.push(page);
}

await listPage("home", "/", { headingLevel: 3, eager: false }, [{ name: "heroUrl", values: [[".HeroURL", true], [null, false]] }]);
await listPage("webinars", "/webinars", { headingLevel: 2, eager: true });
await simplePage("how-it-works", [], () => "/how-it-works");
await simplePage(
  "auth",
  [
    { name: "signup", values: [[".SignUp", true], [null, false]] },
    { name: "webinar", values: [[".WebinarID", true], [null, false]] },
  ],
  ({ signup, webinar: w }) => {
    const q = new URLSearchParams();
    if (w) q.set("webinarId", S("WebinarID"));
    if (signup) q.set("tab", "signup");
    return q.size ? `/auth?${q}` : "/auth";
  },
);

// A webinar's page: every variant of the webinar, each rendered in full.
{
  const url = `/webinar/${S("ID")}`;
  const h = header("webinar", url);
  const detail = [];
  for (const v of combos(webinarDims)) {
    const render = async (seats) => {
      const w = webinar(v, seats);
      return renderPage(url, { ...pageData(), webinar: w });
    };
    const byState = new Map();
    for (const seats of [v.seats.base, ...v.seats.alts.map(([, change]) => ({ ...v.seats.base, ...change }))]) {
      byState.set(JSON.stringify(seats), await render(seats));
    }
    detail.push([JSON.stringify(v), byState]);
  }
  const byCombo = new Map(detail);
  define(
    "webinar",
    variants(webinarDims, (v) => {
      const byState = byCombo.get(JSON.stringify(v));
      const t = withSeatSlots((seats) => byState.get(JSON.stringify(seats)), v.seats);
      return slots(replacePart(t, h.markup, h.call, "webinar's header"));
    }),
  );
  pages.push("webinar");
}

const dispatch = pages.map((p, i) => `${i ? "{{else if" : "{{if"} eq .Page ${JSON.stringify(p)}}}{{template ${JSON.stringify(p)} .}}`).join("");
out.unshift(`{{/* Written by web/scripts/paint.mjs from React's render: do not edit. */}}{{define "paint"}}${dispatch}{{end}}{{end}}`);

const dir = join(web, "dist", ".paint");
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, "paint.html"), out.join("\n") + "\n");
writeFileSync(join(dir, "rules.json"), JSON.stringify({ ...rules, pages }, null, 2) + "\n");
console.log(`paint: ${pages.join(", ")} → dist/.paint/paint.html (${(out.join("\n").length / 1024).toFixed(0)} KB)`);
