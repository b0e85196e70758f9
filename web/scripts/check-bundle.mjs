#!/usr/bin/env node
// The JavaScript budget of a first visit to / (issue 12): every chunk
// web/dist/index.html loads or preloads (the entry, and the app it starts
// after the first paint) plus every chunk they import statically, each gzip'd
// (what the browser downloads before the home page can render). Chunks that
// are only imported on demand (the other pages, admin, payment, print) do
// not count. Reads the manifest Vite writes (build.manifest in vite.config.ts).
// Usage: node scripts/check-bundle.mjs [dist folder]   (after `npm run build`)
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

export const BUDGET_BYTES = 150 * 1024;

/** Manifest keys of the chunks index.html names and everything they import statically. */
export function firstVisitChunks(manifest, html) {
  const named = Object.keys(manifest).filter((k) => manifest[k].file.endsWith(".js") && html.includes(`/${manifest[k].file}"`));
  if (!named.some((k) => manifest[k].isEntry)) throw new Error("index.html names no entry chunk of the manifest: stale manifest?");
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  named.forEach(visit);
  return [...seen];
}

function main() {
  const dist = resolve(process.argv[2] ?? join(import.meta.dirname, "..", "dist"));
  const manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8"));
  const html = readFileSync(join(dist, "index.html"), "utf8");
  const rows = firstVisitChunks(manifest, html).map((key) => {
    const file = manifest[key].file;
    return { file, gzip: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length };
  });
  rows.sort((a, b) => b.gzip - a.gzip);
  const total = rows.reduce((sum, r) => sum + r.gzip, 0);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  for (const r of rows) console.log(`${kb(r.gzip).padStart(9)}  ${r.file}`);
  const ok = total <= BUDGET_BYTES;
  console.log(`${kb(total).padStart(9)}  JavaScript of a first visit to / (gzip), budget ${kb(BUDGET_BYTES)}: ${ok ? "pass" : "FAIL"}`);
  if (!ok) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) main();
