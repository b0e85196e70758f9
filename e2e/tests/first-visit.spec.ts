import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { createAdmin, createWebinarViaApi, expect, logInViaApi, test } from './fixtures';

// What the public pages download (issue 12): a first visit to / loads the
// entries (the one that waits for the first paint and the app it starts) and
// their static imports only (web/scripts/check-bundle.mjs sums them against
// the budget), and no public page ever fetches admin, payment, print or
// signed-in code. Chunks are told apart with Vite's manifest of the build the
// server embeds.

type Chunk = { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[] };
const manifest = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../web/dist/.vite/manifest.json'), 'utf8'),
) as Record<string, Chunk>;

/** Files of the given manifest keys and of everything they import statically. */
function closure(keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    files.add(manifest[key].file);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return files;
}

const keys = Object.keys(manifest);
const entry = keys.filter((k) => manifest[k].isEntry);
// Code the public pages may load on demand: their pages, the login page and
// the pages the account e-mails link to, the registration dialog behind
// 'Reserve Spot', the toaster.
const publicPage =
  /^src\/features\/(static\/|webinars\/components\/(webinars-page|webinar-detail-page)|auth\/components\/(auth|forgot-password|reset-password|confirm-email)-page|registration\/components\/registration-dialog)|^src\/components\/ui\/sonner-toaster|^node_modules\/sonner\//;
const dynamic = keys.filter((k) => manifest[k].isDynamicEntry);
// The chunks web/vite.config.ts gathers the public pages in (publicChunks).
const publicGroup = /^_(sign-in-page|webinar-page|giveaway-rules-page|public-pages|public-shared)-/;
const publicCode = closure([...entry, ...dynamic.filter((k) => publicPage.test(k)), ...keys.filter((k) => publicGroup.test(k))]);
// Admin screens, the coupon offer and purchase (payment), the dashboard with
// its printable coupons, the migration tool, the watch page: whatever only
// they need.
const privateCode = [...closure(dynamic.filter((k) => !publicPage.test(k)))].filter((f) => !publicCode.has(f));

function fileOf(src: string): string {
  const chunk = manifest[src];
  if (!chunk) throw new Error(`${src} is not a chunk of the build: update this test`);
  return chunk.file;
}

/** The /assets/*.js files the page requests from now on. */
function recordScripts(page: Page): string[] {
  const files: string[] = [];
  page.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    if (path.startsWith('/assets/') && path.endsWith('.js')) files.push(path.slice(1));
  });
  return files;
}

test('the public pages never download admin, payment or print code', async ({ page, playwright, baseURL }) => {
  // The split is real: these chunks exist and are private.
  for (const src of [
    'src/features/admin/components/admin-dashboard-page.tsx',
    'src/features/coupons/components/webinar-coupon-page.tsx',
    'src/features/coupons/components/stripe-card-form.tsx',
    'src/features/dashboard/components/dashboard-page.tsx',
    // The counter and its QR decoder (issue 21).
    'src/features/counter/components/counter-page.tsx',
    'src/features/counter/lib/zxing-decoder.ts',
    'src/features/books/components/pages.ts',
  ]) {
    expect(privateCode, src).toContain(fileOf(src));
  }

  const admin = await playwright.request.newContext({ baseURL });
  await logInViaApi(admin, createAdmin());
  const webinar = await createWebinarViaApi(admin);
  await admin.dispose();

  const requested = recordScripts(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Video Webinars & Coupons' })).toBeVisible();
  await expect(page.getByRole('heading', { name: webinar.title })).toBeVisible();
  // A first visit to / loads the entries and their static imports, nothing on demand.
  const entryCode = closure(entry);
  expect(requested.filter((f) => !entryCode.has(f)), 'loaded by / beyond the entry chunk').toEqual([]);

  for (const path of ['/webinars', `/webinar/${webinar.id}`, '/how-it-works', '/about', '/contact', '/auth']) {
    await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible();
  }
  expect(requested.filter((f) => privateCode.includes(f)), 'private chunks requested by public pages').toEqual([]);
});
