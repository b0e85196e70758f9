import { writeFileSync } from "node:fs";
import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
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

export default defineConfig({
  plugins: [react(), tailwindcss(), keepDistPlaceholder()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // The server's CSP allows only 'self': never inline assets as data: URIs.
    assetsInlineLimit: 0,
    // web/scripts/check-bundle.mjs reads it to sum what a first visit to / loads.
    manifest: true,
    rolldownOptions: {
      output: {
        // One long-lived vendor chunk, so a release that changes only app code
        // does not make returning visitors download React again. Everything
        // else splits by use: a library used only by lazily loaded pages
        // (forms, payment, QR codes) stays out of the first visit's download.
        codeSplitting: {
          groups: [{ name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": { target: apiTarget, changeOrigin: false },
      "/media": { target: apiTarget, changeOrigin: false },
    },
  },
  test: {
    environment: "jsdom",
    setupFiles: ["./src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    css: false,
    restoreMocks: true,
  },
});
