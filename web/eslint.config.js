// @ts-check
import { readdirSync } from "node:fs";
import path from "node:path";
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const root = import.meta.dirname;

/** Every folder under src/features is a feature; its index.ts is its only public surface. */
const features = readdirSync(path.join(root, "src/features"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const entryOf = (feature) => `./${feature}/index.ts`;

/**
 * Import boundaries (bulletproof-react style), checked on resolved paths so
 * "@/features/x/..." and "../../x/..." are caught alike:
 * - a feature never imports another feature, not even its index.ts: what two
 *   features share lives in src/lib or src/components, and app/ puts one
 *   feature's part into another's page through a slot (app/composed-pages.tsx).
 *   No exceptions;
 * - a feature imports its own modules directly, never through its own index.ts;
 * - app/ composes features through their index.ts; features never import app/;
 * - shared code (components, lib, config) depends on no feature and not on app/.
 */
const boundaryZones = [
  ...features.flatMap((feature) => [
    {
      target: `src/features/${feature}`,
      from: "src/features",
      except: [`./${feature}`],
      message:
        "A feature never imports another feature: share code through src/lib or src/components, and let app/ compose features (slots, app/composed-pages.tsx).",
    },
    {
      target: `src/features/${feature}`,
      from: `src/features/${feature}/index.ts`,
      message: "Inside a feature, import its modules directly, not through its own index.ts.",
    },
  ]),
  {
    target: ["src/app", "src/test", "src/main.tsx"],
    from: "src/features",
    except: features.map(entryOf),
    message: "Import a feature only through its index.ts (@/features/<name>).",
  },
  {
    target: "src/features",
    from: "src/app",
    message: "app/ composes features; a feature must not import app/.",
  },
  {
    target: ["src/components", "src/lib", "src/config"],
    from: ["src/features", "src/app"],
    message: "Shared code must not depend on features or app/.",
  },
];

// zod is configured once (jitless: it never probes eval, which the CSP forbids).
const zodPath = { name: "zod", message: "Import z from @/lib/zod, where zod is configured for the CSP." };

export default defineConfig([
  globalIgnores(["dist", "ssr", "coverage"]),
  {
    files: ["**/*.{js,ts,tsx}"],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022 },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: path.join(root, "tsconfig.app.json") })],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: root, zones: boundaryZones }],
      "import-x/no-cycle": "error",
      "import-x/no-self-import": "error",
    },
  },
  {
    // Test helpers (src/test) are for tests only.
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/**/*.test.{ts,tsx}", "src/test/**", "src/lib/zod.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [zodPath],
          patterns: [{ group: ["@/test/*", "**/test/*"], message: "src/test holds test helpers; use it from *.test.* files only." }],
        },
      ],
    },
  },
  {
    files: ["src/**/*.test.{ts,tsx}", "src/test/**"],
    rules: { "no-restricted-imports": ["error", { paths: [zodPath] }] },
  },
  {
    files: ["*.{js,ts}"],
    languageOptions: { globals: globals.node },
  },
]);
