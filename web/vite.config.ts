import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, sep } from "node:path";
import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import type { OutputChunk } from "rolldown";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";

const apiTarget = "http://127.0.0.1:8080";

/**
 * emptyOutDir wipes dist/, including the tracked dist/.keep that lets
 * web/embed.go compile before the SPA is built; put it back after each build.
 */
function keepDistPlaceholder(): Plugin {
  return {
    name: "watchwin-keep-dist-placeholder",
    apply: "build",
    closeBundle() {
      writeFileSync(fileURLToPath(new URL("./dist/.keep", import.meta.url)), "");
    },
  };
}

/**
 * index.html preloads the app (src/app/start.tsx and what it imports), which
 * the entry imports only after the server's HTML has painted: its download
 * starts with the page's, its run waits for that paint (src/main.tsx).
 */
function preloadApp(): Plugin {
  return {
    name: "watchwin-preload-app",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).filter((c): c is OutputChunk => c.type === "chunk");
        const start = chunks.find((c) => c.facadeModuleId?.endsWith("/src/app/start.tsx"));
        if (!start) throw new Error("no chunk for src/app/start.tsx");
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          chunks.find((c) => c.fileName === file)?.imports.forEach(visit);
        };
        visit(start.fileName);
        return [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: "link",
            attrs: { rel: "modulepreload", crossorigin: true, href: `/${file}` },
            injectTo: "head" as const,
          }));
      },
    },
  };
}

/** What the entry chunk holds itself: the code that waits for the first paint. */
const entryOnly = /[\\/](index\.html|src[\\/]main\.tsx|src[\\/]lib[\\/](first-touch|native-submit)\.ts)$|vite[\\/](preload-helper|modulepreload-polyfill)|\.css$/;

/**
 * The lazily loaded pages a visitor who is not signed in reaches, by the
 * chunk each goes to with what only it imports; what several of them
 * import goes to one shared "public-shared" chunk (e2e/tests/first-visit.spec.ts
 * tells public code apart by these names).
 */
const publicChunks = {
  "sign-in-page": /[\\/]src[\\/]features[\\/]auth[\\/]components[\\/](auth|forgot-password)-page\.tsx$/,
  "webinar-page": /[\\/]src[\\/]features[\\/]webinars[\\/]components[\\/]webinar-detail-page\.tsx$/,
  "giveaway-rules-page": /[\\/]src[\\/]features[\\/]giveaway[\\/]components[\\/]giveaway-rules-page\.tsx$/,
  "public-pages": /[\\/]src[\\/]features[\\/](static[\\/]components[\\/][\w-]+-page|webinars[\\/]components[\\/]webinars-page)\.tsx$/,
};

/**
 * The unit tests that replace a module (vi.mock, vi.doMock); they run
 * isolated (test.projects). Found by reading src/ as the config loads, so a
 * new one cannot be left out of the list.
 */
function findMockingTests(): string[] {
  const src = fileURLToPath(new URL("./src", import.meta.url));
  return readdirSync(src, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.test\.tsx?$/.test(file) && /\bvi\.(?:mock|doMock)\(/.test(readFileSync(join(src, file), "utf8")))
    .map((file) => `src/${file.split(sep).join("/")}`)
    .sort();
}

const mockingTests = findMockingTests();

type ModuleGraph = { getModuleInfo(id: string): { importers: readonly string[] } | null };

/**
 * A feature's public surface (features/x/index.ts) re-exports much that a
 * page importing one hook from it never runs; the bundler drops the rest,
 * so an import through it says nothing of what the page uses.
 */
const featureIndex = /[\\/]src[\\/]features[\\/][\w-]+[\\/]index\.ts$/;

/** Whether a page matching page imports the module, itself or through others. */
function importedBy(page: RegExp, id: string, graph: ModuleGraph, seen = new Set<string>()): boolean {
  if (page.test(id)) return true;
  if (seen.has(id) || featureIndex.test(id)) return false;
  seen.add(id);
  return (graph.getModuleInfo(id)?.importers ?? []).some((importer) => importedBy(page, importer, graph, seen));
}

/** The public chunk a module goes to, if any (publicChunks). */
function publicChunk(id: string, graph: ModuleGraph): string | null {
  if (entryOnly.test(id)) return null;
  const names = Object.entries(publicChunks).filter(([, page]) => importedBy(page, id, graph));
  return names.length > 1 ? "public-shared" : (names[0]?.[0] ?? null);
}

/**
 * `vite build --ssr src/app/server-render.tsx`: the app for Node, into ssr/,
 * which scripts/paint.mjs runs to render the server's first paint (and
 * e2e/tests/seo.spec.ts to check the served paint against it).
 */
const ssrBuild = {
  outDir: "ssr",
  emptyOutDir: true,
  assetsInlineLimit: 0,
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [keepDistPlaceholder(), preloadApp()])],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  build: isSsrBuild ? ssrBuild : {
    outDir: "dist",
    emptyOutDir: true,
    // The server's CSP allows only 'self': never inline assets as data: URIs.
    assetsInlineLimit: 0,
    // web/scripts/check-bundle.mjs reads it to sum what a first visit to / loads.
    manifest: true,
    rolldownOptions: {
      // The app is an entry of its own too, so its static imports are
      // "$initial" and go to one chunk with it (codeSplitting below).
      input: { index: fileURLToPath(new URL("./index.html", import.meta.url)), start: fileURLToPath(new URL("./src/app/start.tsx", import.meta.url)) },
      output: {
        // A first visit to a public page loads few files, each a round trip
        // on a phone's network (docs/api.md "Pages"): the small entry, the
        // long-lived vendor chunk (a release that changes only app code does
        // not make returning visitors download React again), the app with the
        // home page, and the page's public chunk (publicChunks). Other pages
        // split by use: a library used only by admin, payment or QR pages
        // stays out of a visitor's download.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 2 },
            { name: "app", tags: ["$initial"], test: (id) => !entryOnly.test(id), priority: 1, includeDependenciesRecursively: false },
            { name: publicChunk, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": { target: apiTarget, changeOrigin: false },
      "/media": { target: apiTarget, changeOrigin: false },
      "/video": { target: apiTarget, changeOrigin: false },
    },
  },
  test: {
    environment: "jsdom",
    setupFiles: ["./src/test/setup.ts"],
    css: false,
    restoreMocks: true,
    // A test's whole budget, not a wait: pages now load their features lazily
    // (app/composed-pages.tsx), and the first import of a chunk is transformed
    // on the spot, which takes seconds on a busy 2-core machine.
    testTimeout: 20_000,
    // Each test file in a fresh jsdom costs about a second of set-up, three
    // quarters of the run on 2 cores; files share one window per worker
    // instead (src/test/setup.ts cleans up after each test). Files that
    // replace a module with vi.mock need a module registry of their own.
    projects: [
      { extends: true, test: { name: "shared", isolate: false, include: ["src/**/*.test.{ts,tsx}"], exclude: mockingTests } },
      { extends: true, test: { name: "isolated", include: mockingTests } },
    ],
  },
}));
