import { readFile } from 'node:fs/promises';
import {
  test,
  expect,
  buyCouponViaApi,
  createAdmin,
  createWebinarViaApi,
  logIn,
  logInViaApi,
  signUpViaApi,
} from './fixtures';

// The owner's books (docs/api.md#refunds, docs/api.md#reports, docs/api.md#exports): an admin
// refunds a coupon, the buyer sees it Refunded, the report counts the
// refund, and an export downloads and parses.

/** RFC 4180 records of a CSV text (quotes doubled, CRLF line ends). */
function parseCSV(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

test('an admin refunds a coupon; the buyer, the report and the export all show it', async ({ page, request, playwright, browser }, testInfo) => {
  test.slow(); // a purchase, a refund, two browsers and an export: a retry would find this refund in the totals
  const admin = createAdmin();
  await logInViaApi(request, admin);
  const webinar = await createWebinarViaApi(request, { display_price: 40, actual_coupon_value_percentage: 120 });
  const customer = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const buyer = await signUpViaApi(customer, 'refunded');
  await logInViaApi(customer, buyer);
  const code = await buyCouponViaApi(customer, webinar);
  await customer.dispose();

  // The admin refunds it from the coupons table, after a confirmation that states the amount.
  await logIn(page, admin);
  await page.goto(`/admin/coupons?search=${code}`);
  const row = page.getByRole('table', { name: 'Coupons' }).getByRole('row', { name: new RegExp(code) });
  await expect(row).toContainText('Valid');
  await row.getByRole('button', { name: `Refund ${code}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Refund $40.00?' });
  await expect(dialog).toContainText(`$40.00 goes back to the card that paid for coupon ${code}`);
  await dialog.getByRole('button', { name: 'Refund $40.00' }).click();
  await expect(page.getByText('Coupon Refunded', { exact: true })).toBeVisible();
  await expect(row).toContainText('Refunded');
  await expect(row.getByRole('button', { name: 'Mark Redeemed' })).toBeDisabled();

  // The buyer's dashboard shows it Refunded.
  const buyerContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  await buyerContext.route(/^https?:\/\/(?!127\.0\.0\.1[:/]|localhost[:/])/, (route) => route.abort());
  const buyerPage = await buyerContext.newPage();
  await logIn(buyerPage, buyer);
  await buyerPage.goto('/dashboard');
  const card = buyerPage.getByRole('article').filter({ hasText: code });
  await expect(card).toContainText('Refunded');
  await buyerContext.close();

  // This month's report counts the refund.
  await page.goto('/admin/reports');
  const payments = page.getByRole('region', { name: 'Payments' });
  await expect(payments).toContainText('Refunded$40.00');
  await expect(page.getByRole('region', { name: 'Coupons (face value)' })).toContainText('Refunded$48.00');
  await expect(page.getByRole('img', { name: /Bar chart of sales and redemptions/ })).toBeVisible();

  // The coupons export downloads and parses: the refunded coupon's row.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Coupons (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^coupons-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await download.path(), 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const records = parseCSV(text.slice(1));
  expect(records[0].slice(0, 5)).toEqual(['code', 'status', 'value_usd', 'paid_usd', 'owner_email']);
  const mine = records.find((r) => r[0] === code);
  expect(mine?.slice(1, 5)).toEqual(['Refunded', '48.00', '40.00', buyer.email]);
});
