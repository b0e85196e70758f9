import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { createAdmin, createWebinarViaApi, expect, logInViaApi, signUpViaApi, test, uniqueEmail } from './fixtures';

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
// 'Reserve Spot', the giveaway card the app puts on the webinar page, the toaster,
// and the login form's passkey ceremony (@simplewebauthn/browser).
const publicPage =
  /^src\/features\/(static\/|webinars\/components\/(webinars-page|webinar-detail-page)|giveaway\/components\/giveaway-entry-card|auth\/components\/(auth|forgot-password|reset-password|confirm-email)-page|registration\/components\/registration-dialog)|^src\/components\/ui\/sonner-toaster|^node_modules\/(sonner|@simplewebauthn\/browser)\//;
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
    'src/app/dashboard/dashboard-page.tsx',
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

// A visitor acts the moment a public page shows, before the app has started
// (issue 33): the page is React's own markup, its links are links and its
// forms post, and React adopts it as it is (docs/api.md#pages). Each test
// acts as soon as the element is visible, never waiting for the app.

/** Opens `path` and returns as soon as the page starts arriving; `cpu` slows the page's main thread (4: a mid-range phone). */
async function openAtOnce(page: Page, path: string, cpu = 1) {
  if (cpu > 1) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  }
  await page.goto(path, { waitUntil: 'commit' });
}

for (const cpu of [1, 4]) {
  for (const delay of [15, 80]) {
    test(`a login typed at ${delay} ms a key as the form shows, then Enter, logs in (${cpu}× CPU)`, async ({ page, request }) => {
      const account = await signUpViaApi(request, 'quick');
      await openAtOnce(page, '/auth', cpu);
      await page.getByLabel('Email').pressSequentially(account.email, { delay });
      await page.getByLabel('Password', { exact: true }).pressSequentially(account.password, { delay });
      await page.keyboard.press('Enter');
      await expect(page.getByText('Welcome back!')).toBeVisible();
      await expect(page).not.toHaveURL(/\/auth/);
    });
  }
}

test('a password manager fills both fields the moment they exist; Login a few seconds later logs in', async ({ page, request }) => {
  const account = await signUpViaApi(request, 'manager');
  await openAtOnce(page, '/auth');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  // A person reads the form before pressing Login: by then the app runs.
  await page.waitForTimeout(4000);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
});

test('Sign Up opened and filled at once signs up', async ({ page }) => {
  await openAtOnce(page, '/auth', 4);
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = page.getByRole('tabpanel', { name: 'Sign Up' });
  await form.getByLabel('First Name').fill('Quinn');
  await form.getByLabel('Last Name').fill('Fast');
  await form.getByLabel('Email').fill(uniqueEmail('quinn'));
  await form.getByLabel('Phone Number').fill('630-555-0142');
  await form.getByLabel('Password', { exact: true }).fill('secret123');
  await form.getByLabel('Confirm Password').fill('secret123');
  await form.getByLabel('I am 21 or older').check();
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Sign up successful!', { exact: true })).toBeVisible();
});

test('the hero button pressed at once scrolls to the webinars within 2 s (4× CPU)', async ({ page }) => {
  await openAtOnce(page, '/', 4);
  await page.getByRole('link', { name: 'Browse Webinars & Get Coupons' }).click();
  // The section starts below the first screen (the hero fills it): scrolled there, its heading is in view.
  await expect(page.getByRole('heading', { name: 'Video Webinars & Coupons' })).toBeInViewport({ ratio: 1, timeout: 2000 });
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
});

test('Reserve Spot pressed at once sends a visitor who is not signed in to the login page with the webinar', async ({
  page,
  playwright,
  baseURL,
}) => {
  const admin = await playwright.request.newContext({ baseURL });
  await logInViaApi(admin, createAdmin());
  const webinar = await createWebinarViaApi(admin);
  await admin.dispose();
  await openAtOnce(page, '/webinars', 4);
  await page.getByRole('article', { name: webinar.title }).getByRole('link', { name: 'Reserve Spot' }).click();
  await expect(page).toHaveURL(`/auth?webinarId=${webinar.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
});
