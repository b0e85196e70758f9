import type { Locator, Page } from '@playwright/test';
import {
  createAdmin,
  createStaff,
  createWebinarViaApi,
  enrolSecondFactorViaApi,
  expect,
  logInViaApi,
  oathtool,
  registerViaApi,
  signUpViaApi,
  test,
  useYouTubeStandIn,
  type SeededWebinar,
} from './fixtures';
import { expectCodeField, expectFocusNotObscured, routePatterns, settle, smallTargets, wcagViolations } from './support/wcag';

// WCAG 2.2 AA (issues 12 and 45, docs/testing.md#wcag-22-aa): axe's A and AA rules of WCAG 2.0,
// 2.1 and 2.2 on every page of the route table (docs/product.md#route-table) as a visitor, a
// customer, a clerk at the counter and an admin, with zero violations; the footer's help links
// alike on every page (3.2.6); targets of 24×24 px at 375 px wide (2.5.8); focus never under the
// sticky header (2.4.11); code fields that take paste and autofill (3.3.8); dialogs that work with
// the keyboard alone (focus trapped inside, Escape closes, focus back on the opener).

/** One audited page: the route table's pattern it stands for, and the address visited. */
type Audit = { route: string; url: string };

/** Pages whose address is their route's pattern, the seeded webinar's id in place of :webinarId. */
const at = (...routes: string[]): Audit[] => routes.map((route) => ({ route, url: `/${route.replace(':webinarId', webinar.id)}` }));

/** Every footer link's address, in order: the same on every page (3.2.6 Consistent Help). */
async function footerLinks(page: Page): Promise<string[]> {
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Contact' })).toBeVisible();
  return footer.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
}

let helpLinks: string[] | undefined;

/** Visits each page and collects axe's findings and the footer's links; the test fails once, listing every page's. */
async function auditPages(page: Page, audits: Audit[]) {
  const found: string[] = [];
  for (const { url } of audits) {
    await test.step(url, async () => {
      await page.goto(url);
      await settle(page);
      found.push(...(await wcagViolations(page, url)));
      const links = await footerLinks(page);
      helpLinks ??= links;
      if (links.join(' ') !== helpLinks.join(' ')) found.push(`${url}: footer links differ: ${links.join(' ')}`);
    });
  }
  expect(found, 'WCAG 2.2 A/AA violations').toEqual([]);
}

/** Tab and Shift+Tab a few times round the dialog: focus never leaves it. */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await dialog.evaluate((el) => el.contains(document.activeElement)), `focus inside after ${key}`).toBe(true);
  }
}

// Each audit visits several pages and runs axe on each: 10 to 30 s a page on a busy 2-core machine.
test.describe.configure({ timeout: 400_000 });
// No entry animations: axe measures colours as shown, and a toast fading in reads as low contrast.
test.use({ reducedMotion: 'reduce' });

let webinar: SeededWebinar;
let admin: ReturnType<typeof createAdmin>;

test.beforeAll(async ({ playwright, baseURL }) => {
  admin = createAdmin();
  const api = await playwright.request.newContext({ baseURL });
  await logInViaApi(api, admin);
  webinar = await createWebinarViaApi(api);
  await api.dispose();
});

const fake = 'not-a-real-token';

/** Pages a signed-out visitor sees. */
const publicAudits = (): Audit[] => [
  { route: '', url: '/' },
  ...at('auth', 'auth/forgot-password'),
  { route: 'auth/reset-password', url: `/auth/reset-password?token=${fake}` },
  { route: 'auth/confirm-email', url: `/auth/confirm-email?token=${fake}` },
  { route: 'auth/second-factor-not-mine', url: `/auth/second-factor-not-mine?token=${fake}` },
  { route: 'login', url: '/login' },
  ...at('webinars'),
  // Signed out, the watch page sends the visitor to log in.
  ...at('webinar/:webinarId', 'webinar/:webinarId/watch', 'webinar/:webinarId/coupon'),
];

/** The store's information pages and the pages e-mails and QR codes link to, signed out. */
const infoAudits = (): Audit[] => [
  ...at('about', 'contact', 'privacy', 'terms', 'how-it-works', 'giveaway-rules'),
  { route: 'giveaway/draws/:drawId', url: '/giveaway/draws/00000000-0000-0000-0000-000000000000' },
  { route: 'unsubscribe', url: `/unsubscribe?token=${fake}` },
  { route: 'webinar-alerts/confirm', url: `/webinar-alerts/confirm?token=${fake}` },
  // A customer's phone that opened a coupon's QR.
  { route: 'counter', url: '/counter?code=LW-AAAA-BBBB-CCCC' },
  { route: '*', url: '/no-such-page' },
];

/** Pages of a signed-in customer. */
const customerAudits = (): Audit[] => [
  ...at('dashboard'),
  { route: 'dashboard', url: '/dashboard?tab=settings' },
  { route: 'dashboard', url: '/dashboard?tab=security' },
  ...at('migration-tool'),
  { route: 'auth/enrol-second-factor', url: `/auth/enrol-second-factor?token=${fake}` },
  ...at('webinar/:webinarId/watch', 'webinar/:webinarId/coupon', 'webinar/:webinarId', 'counter'),
];

/** The counter, as the clerk at the till sees it. */
const counterAudits = (): Audit[] => at('counter/questions', 'counter');

/** The admin area. */
const adminAudits = (): Audit[] =>
  at('admin', 'admin/webinars', 'admin/webinars/management', 'admin/coupons', 'admin/users', 'admin/settings', 'admin/giveaway-winners', 'admin/reports', 'admin/audit', 'admin/questions', 'admin/follow-ups');

test('every route of the route table is audited', () => {
  webinar ??= { id: 'w', title: 't' };
  const audited = new Set([...publicAudits(), ...infoAudits(), ...customerAudits(), ...counterAudits(), ...adminAudits()].map((a) => a.route));
  const routes = routePatterns();
  expect(routes.length, 'routes read from web/src/app/router.tsx').toBeGreaterThan(30);
  expect(routes.filter((r) => !audited.has(r)), 'routes no audit visits: add them to accessibility.spec.ts').toEqual([]);
  expect([...audited].filter((r) => !routes.includes(r)), 'audits of routes the table no longer has').toEqual([]);
});

test('public pages meet WCAG 2.2 AA', async ({ page }) => {
  await auditPages(page, publicAudits());
  // The sign-up tab of /auth.
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Sign Up' })).toBeVisible();
  expect(await wcagViolations(page, '/auth sign-up tab')).toEqual([]);
});

test('information pages meet WCAG 2.2 AA', async ({ page }) => {
  await auditPages(page, infoAudits());
});

test('signed-in pages meet WCAG 2.2 AA', async ({ page }) => {
  await useYouTubeStandIn(page);
  await logInViaApi(page.request, await signUpViaApi(page.request, 'a11y'));
  await registerViaApi(page.request, webinar.id);
  await auditPages(page, customerAudits());
  // Setting up the second factor: the password, then the key and the code field.
  await page.goto('/dashboard?tab=security');
  await page.getByLabel('Current password').fill('secret123');
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  const code = page.getByLabel('Enter the 6-digit code from your authenticator app');
  await expect(code).toBeVisible();
  expect(await wcagViolations(page, '/dashboard security set-up')).toEqual([]);
  await expectCodeField(code);
});

test('the counter meets WCAG 2.2 AA at 375 px, every target at least 24×24 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await logInViaApi(page.request, createStaff());
  await auditPages(page, counterAudits());
  expect(await smallTargets(page.locator('body')), 'targets under 24×24 px on the counter').toEqual([]);
  // The customer-facing pages a phone opens, measured alike.
  for (const url of ['/', '/auth', '/webinars', `/webinar/${webinar.id}`]) {
    await page.goto(url);
    await settle(page);
    expect(await smallTargets(page.locator('body')), `targets under 24×24 px on ${url}`).toEqual([]);
  }
});

test('admin pages meet WCAG 2.2 AA', async ({ page }) => {
  await logInViaApi(page.request, admin);
  await auditPages(page, adminAudits());
});

/** From the page's end, Shift+Tab back up to the header: each element the browser scrolls to sits below it. */
async function shiftTabUpThePage(page: Page, label: string) {
  await page.keyboard.press('End');
  await page.getByRole('contentinfo').getByRole('link').last().focus();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Shift+Tab');
    const inHeader = await page.evaluate(() => Boolean(document.querySelector('body header')?.contains(document.activeElement)));
    if (inHeader) return;
    await expectFocusNotObscured(page, `${label}, Shift+Tab ${i + 1}`);
  }
}

test('focus tabbed to near the top is never under the sticky header', async ({ page }) => {
  await page.goto('/how-it-works');
  await settle(page);
  await footerLinks(page);
  await shiftTabUpThePage(page, '1280 px');
  // The same on a phone, where the header holds the menu button.
  await page.setViewportSize({ width: 375, height: 700 });
  await shiftTabUpThePage(page, '375 px');
});

test('the login code field takes a pasted code and the autofill of one-time codes', async ({ page, request }) => {
  // A customer with the second factor on, set up through the API.
  const account = await signUpViaApi(request, 'a11y-code');
  await logInViaApi(request, account);
  const secret = await enrolSecondFactorViaApi(request, account);

  await page.goto('/auth');
  const form = page.getByRole('tabpanel', { name: 'Login' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Login' }).click();
  const code = page.getByLabel('Enter the 6-digit code from your authenticator app');
  await expectCodeField(code);
  // A code pasted from the clipboard, where a password manager or the phone's messages put it.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate((text) => navigator.clipboard.writeText(text), oathtool(secret, 30));
  await code.focus();
  await page.keyboard.press('ControlOrMeta+V');
  await expect(code).toHaveValue(/^\d{6}$/);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Welcome back!')).toBeVisible();
});

test('the registration dialog works with the keyboard alone', async ({ page }) => {
  await logInViaApi(page.request, await signUpViaApi(page.request, 'a11y-kbd'));
  await page.goto('/webinars');
  const reserve = page.getByRole('article', { name: webinar.title }).getByRole('button', { name: 'Reserve Spot' });
  await reserve.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Full Name')).toBeVisible();
  expect(await wcagViolations(page, 'registration dialog', '[role="dialog"]')).toEqual([]);
  await expectFocusTrapped(page, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(reserve).toBeFocused();
});

test('an admin dialog works with the keyboard alone', async ({ page }) => {
  await logInViaApi(page.request, admin);
  await page.goto('/admin/users');
  const edit = page
    .getByRole('table', { name: 'Users' })
    .getByRole('row', { name: new RegExp(admin.email) })
    .getByRole('button', { name: `Edit ${admin.email}` });
  await edit.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  await expect(dialog.getByLabel('First Name')).toBeVisible();
  expect(await dialog.evaluate((el) => el.contains(document.activeElement)), 'focus moves into the dialog').toBe(true);
  expect(await wcagViolations(page, 'edit user dialog', '[role="dialog"]')).toEqual([]);
  await expectFocusTrapped(page, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(edit).toBeFocused();
});
