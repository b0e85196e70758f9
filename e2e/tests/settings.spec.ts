import type { APIRequestContext } from '@playwright/test';
import { createAdmin, expect, logIn, logInViaApi, signUpViaApi, test, type Account } from './fixtures';

// A 2×2 red PNG, made in memory so no binary fixture is committed.
const redPng = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000002000000020802000000fdd49a730000001049444154789c63786a6707440c100a0029460585fb55b3540000000049454e44ae426082',
  'hex',
);

const defaults = {
  general: {
    site_title: 'WatchWin',
    contact_email: 'info@watchwin.store',
    store_address: '1847 W Ogden Ave, Naperville, IL 60540',
    store_phone: '(630) 555-0147',
  },
  announcement: {
    text: '', enabled: false, color: '#E53E3E', text_color: '#ffffff', font_size: '1.25rem',
    font_family: 'inherit', border: 'none', dismissible: false,
  },
};

/** Site settings are global: put them back so later tests see the defaults. */
async function restoreSettings(request: APIRequestContext, admin: Account) {
  await logInViaApi(request, admin);
  expect((await request.put('/api/admin/settings/general', { data: defaults.general })).status()).toBe(200);
  expect((await request.put('/api/admin/settings/announcement', { data: defaults.announcement })).status()).toBe(200);
}

test.describe('site settings', () => {
  let admin: Account;
  test.beforeAll(() => {
    admin = createAdmin();
  });
  test.afterAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    await restoreSettings(request, admin);
    await request.dispose();
  });

  test('an admin enables a dismissible announcement: it scrolls on every public page and dismisses for the session', async ({ page, browser, baseURL }) => {
    const text = `Range day Saturday ${Date.now()}`;
    await logIn(page, admin);
    await page.goto('/admin/settings');
    await page.getByRole('tab', { name: 'Announcements' }).click();
    await page.getByLabel('Announcement Text').fill(text);
    await page.getByRole('checkbox', { name: 'Show the announcement banner' }).check();
    await page.getByRole('checkbox', { name: 'Visitors can dismiss it' }).check();
    await page.getByLabel('Font Size (px)').fill('60');
    await page.getByRole('button', { name: 'Save Announcement' }).click();
    await expect(page.getByText('Font size must be from 12 to 48 px, such as 20px')).toBeVisible();
    await page.getByLabel('Font Size (px)').fill('24');
    await expect(page.getByRole('region', { name: 'Announcement preview' })).toContainText(text);
    await page.getByRole('button', { name: 'Save Announcement' }).click();
    await expect(page.getByText('Announcement settings saved!')).toBeVisible();

    // A visitor in a fresh session.
    const visitor = await browser.newContext({ baseURL });
    const v = await visitor.newPage();
    await v.goto('/');
    const banner = v.getByRole('region', { name: 'Announcement' });
    await expect(banner).toContainText(text);
    await expect(banner).toHaveCSS('font-size', '24px');
    const scrolling = banner.getByText(text);
    await expect(scrolling).toHaveCSS('animation-name', 'announcement-scroll');
    await expect(scrolling).toHaveCSS('animation-duration', '15s');
    await v.goto('/webinars');
    await expect(banner).toContainText(text);
    await banner.getByRole('button', { name: 'Dismiss announcement' }).click();
    await expect(banner).toBeHidden();
    await v.goto('/');
    await expect(v.getByRole('heading', { name: /Watch\. Claim\. Save\./ })).toBeVisible();
    await expect(banner).toBeHidden();
    await v.goto('/contact');
    await expect(v.getByRole('heading', { name: 'Contact Us' })).toBeVisible();
    await expect(banner).toBeHidden();
    await visitor.close();
  });

  test('the footer and Contact page show the site title and contact e-mail the admin saves', async ({ page }) => {
    await logIn(page, admin);
    await page.goto('/admin/settings');
    await page.getByLabel('Contact Email').fill('not an email');
    await page.getByRole('button', { name: 'Save General Info' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await page.getByLabel('Site Title').fill('Naperville Gear Club');
    await page.getByLabel('Contact Email').fill('hello@gearclub.example');
    await page.getByRole('button', { name: 'Save General Info' }).click();
    await expect(page.getByText('General info saved!')).toBeVisible();

    await page.goto('/contact');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'hello@gearclub.example' })).toHaveAttribute('href', 'mailto:hello@gearclub.example');
    await expect(footer).toContainText('Naperville Gear Club. All rights reserved.');
    await expect(page.getByRole('main').getByRole('link', { name: 'hello@gearclub.example' })).toBeVisible();
  });

  test('an admin uploads an image and makes it the webinars page background', async ({ page }) => {
    const name = `range-${Date.now()}.png`;
    await logIn(page, admin);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Site Images' }).click();
    const upload = page.getByRole('region', { name: 'Upload Site Image' });
    await upload.getByRole('button', { name: 'Upload Image' }).click();
    await expect(upload.getByRole('alert')).toContainText('No file selected');
    await upload.getByLabel('Image File').setInputFiles({ name, mimeType: 'image/png', buffer: redPng });
    await expect(upload).toContainText(`Selected: ${name} (0.1 KB)`);
    await upload.getByRole('button', { name: 'Upload Image' }).click();
    await expect(upload.getByText('Upload Successful')).toBeVisible();
    const stored = name.replace(/\.png$/, '').replace(/[^a-z0-9]/g, '_') + '.png';
    await expect(page.getByRole('list', { name: 'Site images' }).getByRole('img', { name: stored })).toBeVisible();

    await page.goto('/admin/settings');
    await page.getByRole('tab', { name: 'Background Images' }).click();
    const card = page.getByRole('group', { name: 'Webinars background' });
    const save = card.getByRole('button', { name: 'Save Webinars Background' });
    await expect(save).toBeDisabled();
    await card.getByLabel('New image for Webinars').selectOption(stored);
    await save.click();
    await expect(card.getByText('Background image updated!')).toBeVisible();

    await page.goto('/webinars');
    await expect(page.getByRole('main')).toHaveAttribute('data-background', 'webinars');
    await expect(page.getByRole('main')).toHaveCSS('background-image', new RegExp(stored));
  });

  test('the migration tool shows a signed-in user the database status', async ({ page, request }) => {
    const user = await signUpViaApi(request, 'migrate');
    await logIn(page, user);
    await page.evaluate(() => localStorage.setItem('webinarCoupons', JSON.stringify({ 'LW-FAKE-0000-0001': { value: 25 } })));
    await page.goto('/migration-tool');
    const status = page.getByRole('region', { name: 'Database Status' });
    await expect(status).toContainText('SQLite');
    await expect(status).toContainText('Your coupons0');
    const comparison = page.getByRole('region', { name: 'Coupon Comparison' });
    await expect(comparison.getByRole('row', { name: /LW-FAKE-0000-0001/ })).toContainText('Only in this browser');
    await comparison.getByRole('button', { name: 'Run Migration' }).click();
    await expect(page.getByText('Successfully migrated 0 coupons.').first()).toBeVisible();
  });
});
