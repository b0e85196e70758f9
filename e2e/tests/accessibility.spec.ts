import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import {
  createAdmin,
  createWebinarViaApi,
  expect,
  logInViaApi,
  registerViaApi,
  signUpViaApi,
  test,
  useYouTubeStandIn,
  type SeededWebinar,
} from './fixtures';

// Accessibility (issue 12): axe-core on every page of the route table (docs/product.md#route-table),
// public, signed-in and admin, with no serious or critical violation; dialogs
// work with the keyboard alone (focus trapped inside, Escape closes, focus
// back on the opener).

/** Waits until the page's content is in: its h1 shows and no loading state is left. */
async function settle(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await expect(page.locator('[data-slot="skeleton"], .animate-pulse')).toHaveCount(0);
}

/** axe's serious and critical violations on what the page shows now, one line per rule. */
async function seriousViolations(page: Page, label: string, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const where = v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`);
      return `${label}: ${v.id} (${v.impact}) ${v.help} [${v.nodes.length}×] ${where.join(' | ')}`;
    });
}

/** Visits each path and collects axe's findings; the test fails once, listing every page's. */
async function auditPages(page: Page, paths: string[]) {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await settle(page);
    found.push(...(await seriousViolations(page, path)));
  }
  expect(found, 'serious or critical axe violations').toEqual([]);
}

/** Tab and Shift+Tab a few times round the dialog: focus never leaves it. */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await dialog.evaluate((el) => el.contains(document.activeElement)), `focus inside after ${key}`).toBe(true);
  }
}

// Each audit visits several pages and runs axe on each: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });
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

test('public pages have no serious accessibility violations', async ({ page }) => {
  await auditPages(page, [
    '/',
    '/webinars',
    `/webinar/${webinar.id}`,
    `/webinar/${webinar.id}/coupon`,
    '/auth',
    '/auth/forgot-password',
    '/auth/reset-password?token=not-a-real-token',
    '/auth/confirm-email?token=not-a-real-token',
    '/unsubscribe?token=not-a-real-token',
    '/how-it-works',
    '/giveaway-rules',
    '/about',
    '/contact',
    '/privacy',
    '/terms',
    '/no-such-page',
  ]);
  // The sign-up tab of /auth.
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Sign Up' })).toBeVisible();
  expect(await seriousViolations(page, '/auth sign-up tab')).toEqual([]);
});

test('signed-in pages have no serious accessibility violations', async ({ page }) => {
  await useYouTubeStandIn(page);
  await logInViaApi(page.request, await signUpViaApi(page.request, 'a11y'));
  await registerViaApi(page.request, webinar.id);
  await auditPages(page, [
    '/dashboard',
    '/dashboard?tab=settings',
    `/webinar/${webinar.id}/watch`,
    `/webinar/${webinar.id}/coupon`,
    '/migration-tool',
  ]);
});

test('admin pages have no serious accessibility violations', async ({ page }) => {
  await logInViaApi(page.request, admin);
  await auditPages(page, [
    '/admin',
    '/admin/webinars',
    '/admin/webinars/management',
    '/admin/coupons',
    '/admin/users',
    '/admin/settings',
    '/admin/giveaway-winners',
    '/admin/reports',
    '/admin/audit',
  ]);
});

test('the registration dialog works with the keyboard alone', async ({ page }) => {
  await logInViaApi(page.request, await signUpViaApi(page.request, 'a11y-kbd'));
  await page.goto('/webinars');
  const reserve = page.getByRole('article', { name: webinar.title }).getByRole('button', { name: 'Reserve Spot' });
  await reserve.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Full Name')).toBeVisible();
  expect(await seriousViolations(page, 'registration dialog', '[role="dialog"]')).toEqual([]);
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
  expect(await seriousViolations(page, 'edit user dialog', '[role="dialog"]')).toEqual([]);
  await expectFocusTrapped(page, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(edit).toBeFocused();
});
