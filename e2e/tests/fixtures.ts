import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { recordRequestBody, recordSecret } from './support/secrets';

export type Account = { email: string; password: string; firstName: string; lastName: string };

const binary = resolve(import.meta.dirname, '../../bin/watchwin');

/** A unique e-mail per call, so tests never collide on one database. */
export function uniqueEmail(prefix = 'user'): string {
  const email = `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
  recordSecret('email', email); // the server's log must never hold it (support/secrets.ts)
  return email;
}

/** Records an account's e-mail and password for the log scan (support/secrets.ts). */
function recordAccount(account: Account) {
  recordSecret('email', account.email);
  recordSecret('password', account.password);
}

let clientCounter = randomBytes(2).readUInt16BE(0);

/**
 * A client address of its own (10.x.y.z) for one API call. The server trusts
 * 127.0.0.1 as a proxy in these tests (playwright.config.ts), so each seeded
 * account looks like a separate visitor to the per-address sign-up and login
 * limits (10 sign-ups per address per 15 minutes).
 */
export function nextClientAddress(): string {
  clientCounter = (clientCounter + 1) % (1 << 24);
  return `10.${(clientCounter >> 16) & 255}.${(clientCounter >> 8) & 255}.${clientCounter & 255}`;
}

/** Creates an account through the real sign-up API (not logged in); `email` defaults to a unique one. */
export async function signUpViaApi(request: APIRequestContext, prefix = 'user', email = uniqueEmail(prefix)): Promise<Account> {
  const account = { email, password: 'secret123', firstName: 'Sam', lastName: 'Carter' };
  recordAccount(account);
  const res = await request.post('/api/auth/signup', {
    data: { ...account, confirmPassword: account.password, phoneNumber: '630-555-0199', ageConfirmed: true },
    headers: { 'X-Forwarded-For': nextClientAddress() },
  });
  expect(res.status(), await res.text()).toBe(201);
  return account;
}

/** Logs in through the API; the session cookie stays in `request` (page.request shares the page's). */
export async function logInViaApi(request: APIRequestContext, account: Account) {
  recordAccount(account);
  const res = await request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
    headers: { 'X-Forwarded-For': nextClientAddress() },
  });
  expect(res.status(), await res.text()).toBe(200);
}

export type SeededWebinar = { id: string; title: string };

/** Creates an active webinar through the admin API; `request` must hold an admin's session. */
export async function createWebinarViaApi(
  request: APIRequestContext,
  overrides: Record<string, unknown> = {},
): Promise<SeededWebinar> {
  const title = `Seeded Webinar ${randomBytes(3).toString('hex')}`;
  const res = await request.post('/api/admin/webinars', {
    data: {
      title,
      description: 'A seeded webinar for the browser tests.',
      event_datetime: '2027-01-15T00:30:00Z', // January 14, 2027 at 6:30 PM CST
      display_price: 40,
      actual_coupon_value_percentage: 120,
      total_seats: 20,
      youtube_video_id: 'aqz-KE-bpKQ',
      is_active: true,
      ...overrides,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as SeededWebinar;
}

/** Registers the user whose session `request` holds (the dialog's POST), as Sam Carter. */
export async function registerViaApi(request: APIRequestContext, webinarId: string) {
  const res = await request.post(`/api/webinars/${webinarId}/registrations`, {
    data: { name: 'Sam Carter', email: uniqueEmail('reg') },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Creates an account of `role` with the binary's own command, as an operator would. */
function createAccountWithCli(
  role: 'admin' | 'staff' | 'user',
  account: Account,
  names: string[],
  dataDir: string,
): Account {
  recordAccount(account);
  execFileSync(binary, [
    'user', 'add', '--email', account.email, '--password', account.password, '--role', role, ...names,
    '--data-dir', dataDir,
  ], { env: { ...process.env, WATCHWIN_DATABASE_URL: '' } });
  return account;
}

/**
 * Creates an admin with the binary's own command, as an operator would: on
 * the shared server, or on an own server's data folder (support/own-server.ts).
 */
export function createAdmin(dataDir = process.env.WATCHWIN_E2E_DATA!): Account {
  return createAccountWithCli('admin', { email: uniqueEmail('admin'), password: 'admin-secret-1', firstName: 'Ada', lastName: 'Admin' }, [], dataDir);
}

/** Creates a counter clerk (role staff, named Rita Clerk) with the binary's own command. */
export function createStaff(dataDir = process.env.WATCHWIN_E2E_DATA!, email = uniqueEmail('staff')): Account {
  const account = { email, password: 'staff-secret-1', firstName: 'Rita', lastName: 'Clerk' };
  return createAccountWithCli('staff', account, ['--first-name', account.firstName, '--last-name', account.lastName], dataDir);
}

/**
 * Creates a customer (role user, named Sam Carter) with the binary's own
 * command: unlike a sign-up, its e-mail address starts confirmed, as a free
 * giveaway entry needs.
 */
export function createCustomer(prefix = 'customer'): Account {
  const account = { email: uniqueEmail(prefix), password: 'customer-secret-1', firstName: 'Sam', lastName: 'Carter' };
  return createAccountWithCli('user', account, ['--first-name', account.firstName, '--last-name', account.lastName], process.env.WATCHWIN_E2E_DATA!);
}

/**
 * The code an authenticator app shows for the base32 secret (Debian's oathtool), on a phone
 * whose clock runs aheadSeconds ahead (the server accepts one step of drift).
 */
export function oathtool(secret: string, aheadSeconds = 0): string {
  const at = new Date(Date.now() + aheadSeconds * 1000).toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
  return execFileSync('oathtool', ['--totp', '-b', secret, '--now', at]).toString().trim();
}

/**
 * Turns on the second factor of the account whose session `request` holds, through the API as
 * the Security tab does; returns the key an authenticator app would hold.
 */
export async function enrolSecondFactorViaApi(request: APIRequestContext, account: Account): Promise<string> {
  const setup = await request.post('/api/account/second-factor/setup', { data: { password: account.password } });
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const enable = await request.post('/api/account/second-factor/enable', { data: { code: oathtool(secret) } });
  expect(enable.status(), await enable.text()).toBe(200);
  return secret;
}

export const COUPON_CODE = /^LW-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/;

/**
 * A customer buys a webinar's coupon the way the SPA does it, through the API:
 * register, watch to the end, start the payment, pay with the test provider's
 * 4242 card, confirm. `customer` must hold the customer's session. Returns the code.
 */
export async function buyCouponViaApi(customer: APIRequestContext, webinar: SeededWebinar): Promise<string> {
  await registerViaApi(customer, webinar.id);
  const watched = await customer.post(`/api/webinars/${webinar.id}/registration/watched`);
  expect(watched.status(), await watched.text()).toBe(200);

  const started = await customer.post(`/api/webinars/${webinar.id}/payments`);
  expect(started.status(), await started.text()).toBe(201);
  const intent = (await started.json()) as { id: string; clientSecret: string };

  const paid = await customer.post(`/api/payments/test-intents/${intent.id}/confirm`, {
    data: {
      client_secret: intent.clientSecret,
      card_number: '4242 4242 4242 4242',
      exp_month: 12,
      exp_year: new Date().getFullYear() + 5,
      cvc: '123',
      postal_code: '60540',
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);

  const confirmed = await customer.post('/api/payments/confirm', { data: { paymentIntentId: intent.id } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const { code } = (await confirmed.json()) as { code: string };
  expect(code).toMatch(COUPON_CODE);
  return code;
}

/**
 * A webinar of one seat, bought by another customer in a session of its own: sold out. `request`
 * must hold an admin's session; `newRequest` makes the buyer's (playwright.request.newContext).
 * Returns the webinar and the buyer's coupon code.
 */
export async function soldOutWebinarViaApi(
  request: APIRequestContext,
  newRequest: () => Promise<APIRequestContext>,
): Promise<{ webinar: SeededWebinar; code: string }> {
  const webinar = await createWebinarViaApi(request, { total_seats: 1 });
  const buyer = await newRequest();
  await logInViaApi(buyer, await signUpViaApi(buyer, 'buyer'));
  const code = await buyCouponViaApi(buyer, webinar);
  await buyer.dispose();
  return { webinar, code };
}

/** The coupon's id, from the admin list (`request` holds an admin's session). */
export async function couponId(request: APIRequestContext, code: string): Promise<string> {
  const res = await request.get(`/api/admin/coupons?search=${encodeURIComponent(code)}`);
  expect(res.status()).toBe(200);
  const { coupons } = (await res.json()) as { coupons: { id: string; code: string }[] };
  const found = coupons.find((c) => c.code === code);
  expect(found, `coupon ${code}`).toBeTruthy();
  return found!.id;
}

/** Fills the test-mode card form (the built-in test provider's) with `number`; returns the form. */
export async function fillTestCard(page: Page, number = '4242 4242 4242 4242') {
  const form = page.getByRole('form', { name: 'Card payment' });
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await form.getByLabel('CVC').fill('123');
  await form.getByLabel('ZIP').fill('60540');
  return form;
}

/** Signs up through the /auth page's Sign Up tab and waits for 'Sign up successful!'. */
export async function signUp(page: Page, person: { firstName: string; lastName: string; email: string; phone: string; password: string }) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = page.getByRole('tabpanel', { name: 'Sign Up' });
  await form.getByLabel('First Name').fill(person.firstName);
  await form.getByLabel('Last Name').fill(person.lastName);
  await form.getByLabel('Email').fill(person.email);
  await form.getByLabel('Phone Number').fill(person.phone);
  await form.getByLabel('Password', { exact: true }).fill(person.password);
  await form.getByLabel('Confirm Password').fill(person.password);
  await form.getByLabel('I am 21 or older').check();
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Sign up successful!', { exact: true })).toBeVisible();
}

/** Logs in through the /auth page and waits until the app has left it (docs/product.md#log-in-and-sign-up-auth: 100 ms after the toast). */
export async function logIn(page: Page, account: Account, path = '/auth') {
  await submitLogIn(page, account, path);
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page).not.toHaveURL(/\/auth/);
}

/**
 * Fills and sends the /auth page's login form without waiting for its toast: for a
 * redirect that loads a new document (the counter), which takes the toast away with the
 * page it was shown on, however fast the test looks.
 */
export async function submitLogIn(page: Page, account: Account, path = '/auth') {
  recordAccount(account);
  await page.goto(path);
  await page.getByRole('tab', { name: 'Login' }).click();
  const form = page.getByRole('tabpanel', { name: 'Login' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Login' }).click();
}

const youtubeIframeApi = 'https://www.youtube.com/iframe_api';

/**
 * Serves the local YouTube IFrame API stand-in (support/youtube-stand-in.js) in
 * place of the real script, which cannot load here. Drive playback with
 * window.__ytStandIn (play, progressTo, pause, end, fail; ready, lastVideoId).
 * Call it before the page loads the player. Registered after the auto
 * blockExternal route, so it wins (Playwright tries the newest route first).
 */
export async function useYouTubeStandIn(page: Page) {
  await page.route(youtubeIframeApi, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/javascript',
      path: resolve(import.meta.dirname, 'support/youtube-stand-in.js'),
    }),
  );
}

type StandIn = { ready: boolean; time: number };

/** Waits until the stand-in's player is ready on page. */
export async function youTubeStandInReady(page: Page) {
  await page.waitForFunction(() => (window as unknown as { __ytStandIn?: StandIn }).__ytStandIn?.ready === true);
}

/** The stand-in player's current second on page. */
export function youTubeStandInTime(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __ytStandIn: StandIn }).__ytStandIn.time);
}

/** Makes the YouTube IFrame API script fail to load, for 'Failed to initialize the video player…'. */
export async function failYouTubeApi(page: Page) {
  await page.route(youtubeIframeApi, (route) => route.abort('connectionfailed'));
}

/** One browser-side problem seen during a test: a CSP violation or an uncaught error. */
type BrowserProblem = { kind: 'csp violation' | 'csp console report' | 'page error'; text: string };

type CspViolation = { id: string; violatedDirective: string; blockedURI: string; sourceFile: string };
type CspWindow = { __cspViolations?: CspViolation[]; __reportCspViolation?: (v: CspViolation) => Promise<void> };

/**
 * Runs before any script of every document in the test's browser context:
 * records each `securitypolicyviolation` event into window.__cspViolations
 * and hands it at once to the test through the __reportCspViolation binding,
 * so a violation on a page the test has since left is not lost. The array is
 * read back at the end for any report still in flight (the id deduplicates).
 */
function recordCspViolations() {
  const w = window as unknown as CspWindow;
  w.__cspViolations = [];
  const documentId = Math.random().toString(36).slice(2);
  document.addEventListener('securitypolicyviolation', (e) => {
    const v = {
      id: `${documentId}-${w.__cspViolations!.length}`,
      violatedDirective: e.violatedDirective,
      blockedURI: e.blockedURI,
      sourceFile: e.sourceFile,
    };
    w.__cspViolations!.push(v);
    void w.__reportCspViolation?.(v);
  });
}

// Chromium's console line for a CSP refusal, e.g. "Refused to execute inline
// script because it violates the following Content Security Policy directive".
// A request aborted by blockExternal logs "Failed to load resource:
// net::ERR_FAILED" instead: a network failure, not a CSP violation.
const cspConsoleReport = /violates the following Content Security Policy/i;

export const test = base.extend<{
  blockExternal: void;
  expectedPageErrors: RegExp[];
  browserSafety: void;
  recordTypedSecrets: void;
}>({
  // Every e-mail, password and card number the browser sends (what the tests
  // type into forms) is recorded for the log scan (support/secrets.ts).
  recordTypedSecrets: [async ({ context }, use) => {
    context.on('request', (req) => {
      if (req.method() !== 'GET') recordRequestBody(req.postData());
    });
    await use();
  }, { auto: true }],

  // The machine has no network: abort every request that leaves the app, so a
  // test never waits on a third party (YouTube, Stripe) and never leaks.
  blockExternal: [async ({ page }, use) => {
    await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/]|localhost[:/])/, (route) => route.abort());
    await use();
  }, { auto: true }],

  // Uncaught page errors a test provokes on purpose, each matched by one
  // pattern: test.use({ expectedPageErrors: [/…/] }). Empty by default.
  expectedPageErrors: [[], { option: true }],

  // Browser safety (issue 11, item 7): a test fails if any page of its context
  // violated the Content-Security-Policy or threw an uncaught error.
  browserSafety: [async ({ context, expectedPageErrors }, use) => {
    const problems: BrowserProblem[] = [];
    const seen = new Set<string>();
    const addViolation = (v: CspViolation, documentUrl: string) => {
      if (seen.has(v.id)) return;
      seen.add(v.id);
      problems.push({
        kind: 'csp violation',
        text: `${v.violatedDirective} blocked ${v.blockedURI || '(inline)'} in ${v.sourceFile || documentUrl}`,
      });
    };
    await context.exposeBinding('__reportCspViolation', ({ frame }, v: CspViolation) => addViolation(v, frame.url()));
    await context.addInitScript(recordCspViolations);
    context.on('console', (msg) => {
      if (cspConsoleReport.test(msg.text())) problems.push({ kind: 'csp console report', text: msg.text() });
    });
    // A page whose first paint React could not adopt is one too: web/src/app/start.tsx
    // reports each hydration error (React's error 418 and the like) as uncaught.
    context.on('weberror', (webError) => {
      const error = webError.error();
      const text = error.stack || `${error.name}: ${error.message}`;
      if (expectedPageErrors.some((pattern) => pattern.test(text))) return;
      problems.push({ kind: 'page error', text: `${webError.page()?.url() ?? '(unknown page)'}: ${text}` });
    });

    await use();

    // Reports still in flight from the open documents: read their arrays back.
    for (const p of context.pages()) {
      for (const frame of p.frames()) {
        const recorded = await frame
          .evaluate(() => (window as unknown as CspWindow).__cspViolations ?? [])
          .catch(() => [] as CspViolation[]);
        for (const v of recorded) addViolation(v, frame.url());
      }
    }
    expect(
      problems.map((p) => `[${p.kind}] ${p.text}`),
      `the browser reported ${problems.length} CSP violation(s) or uncaught page error(s) during this test`,
    ).toEqual([]);
  }, { auto: true }],
});

export { expect };
