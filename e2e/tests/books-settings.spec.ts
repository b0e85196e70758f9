import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import {
  test,
  expect,
  buyCouponViaApi,
  createAdmin,
  createStaff,
  createWebinarViaApi,
  logIn,
  logInViaApi,
  signUpViaApi,
} from './fixtures';

// Books that close (docs/product.md#books-that-close): the owner requires a POS receipt number and
// turns the end-of-day e-mail on (Settings, Books); a clerk on a phone (375 px) redeems with the
// receipt number; the owner finds it in the counter day and downloads the POS import file and the
// liability by age. Its name ends in settings.spec.ts: it changes site settings, so it runs in the
// site-settings project, after the main one.

/** The text of a CSV download, its byte-order mark checked and dropped. */
async function csvText(download: Download): Promise<string[]> {
  const text = await readFile(await download.path(), 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  return text.slice(1).split('\r\n');
}

async function downloadOf(page: Page, link: string): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: link }).click()]);
  return download;
}

test('a clerk redeems with a POS receipt number at 375 px; the owner sees it and downloads the POS file and the liability', async ({
  page,
  request,
  playwright,
  browser,
}, testInfo) => {
  test.setTimeout(120_000); // two purchases, two browsers and three downloads on a shared machine
  const baseURL = testInfo.project.use.baseURL!;
  const admin = createAdmin();
  await logInViaApi(request, admin);
  const webinar = await createWebinarViaApi(request, { display_price: 40, actual_coupon_value_percentage: 120 });
  const customer = await playwright.request.newContext({ baseURL });
  await logInViaApi(customer, await signUpViaApi(customer, 'books-a'));
  const redeemed = await buyCouponViaApi(customer, webinar);
  await customer.dispose();
  const other = await playwright.request.newContext({ baseURL });
  await logInViaApi(other, await signUpViaApi(other, 'books-b'));
  const open = await buyCouponViaApi(other, webinar);
  await other.dispose();

  // The owner requires the receipt number and sets the end-of-day e-mail for 9 PM.
  await logIn(page, admin);
  await page.goto('/admin/settings');
  await page.getByRole('tab', { name: 'Books' }).click();
  const form = page.getByRole('form', { name: 'Books' });
  await form.getByLabel('Require the POS receipt number').check();
  await form.getByLabel("E-mail the counter's summary every day").check();
  await form.getByLabel("Send at (store's time)").selectOption({ label: '9:00 PM' });
  await form.getByLabel('Send to').fill('owner@example.com');
  await form.getByRole('button', { name: 'Save Books Settings' }).click();
  await expect(form.getByText('Books settings saved!')).toBeVisible();

  // A clerk on a phone: Mark Redeemed waits for the receipt number.
  const clerk = createStaff();
  const phone = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } });
  await phone.route(/^https?:\/\/(?!127\.0\.0\.1[:/]|localhost[:/])/, (route) => route.abort());
  const clerkPage = await phone.newPage();
  await logIn(clerkPage, clerk);
  await clerkPage.goto(`/counter?code=${redeemed}`);
  const card = clerkPage.getByRole('region', { name: 'VALID' });
  await expect(card).toBeVisible({ timeout: 20_000 }); // the counter's decoder loads first
  const markRedeemed = card.getByRole('button', { name: 'Mark Redeemed' });
  await expect(markRedeemed).toBeDisabled();
  await card.getByLabel('POS receipt #').fill('R-20451');
  await markRedeemed.click();
  const done = clerkPage.getByRole('region', { name: 'REDEEMED' });
  await expect(done).toContainText('POS receipt #R-20451', { timeout: 15_000 });
  expect(await clerkPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await phone.close();

  // The owner's counter day lists it; the POS file holds the open coupon; the liability downloads.
  await page.goto('/admin/reports');
  const day = page.getByRole('region', { name: 'Counter day' });
  await expect(day.getByRole('row', { name: new RegExp(redeemed) })).toContainText('R-20451', { timeout: 15_000 });
  await expect(day).toContainText('Rita Clerk');

  const pos = await downloadOf(page, 'POS import file (CSV)');
  expect(pos.suggestedFilename()).toMatch(/^pos-import-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = await csvText(pos);
  expect(lines[0]).toBe('Gift Card Number,Issue Date,Original Value,Current Balance,Customer,Last Used,Expiration');
  expect(lines.some((l) => l.startsWith(`${open},`) && l.includes(',48.00,48.00,'))).toBe(true);
  expect(lines.some((l) => l.startsWith(`${redeemed},`))).toBe(false);

  await expect(page.getByRole('table', { name: 'Liability by age' })).toBeVisible();
  const liability = await downloadOf(page, 'Liability by age (CSV)');
  expect(liability.suggestedFilename()).toMatch(/^liability-.*\.csv$/);
  const rows = await csvText(liability);
  expect(rows[0]).toMatch(/^as_of \(.+\),age,from_days,to_days,coupons,paid_value_usd,/);
  expect(rows[1]).toContain(',0–30 days,0,30,');

  // Put the setting back: no other test needs a receipt number.
  const off = await request.get('/api/admin/settings/books');
  const books = await off.json();
  const saved = await request.put('/api/admin/settings/books', { data: { ...books, pos_receipt_required: false, end_of_day_email: false } });
  expect(saved.status(), await saved.text()).toBe(200);
});
