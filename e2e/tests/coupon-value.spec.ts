import { readFileSync } from 'node:fs';
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
  type Account,
} from './fixtures';
import { ownServer } from './support/own-server';
import { serverLogPath } from './support/server-log';

// Issue 24: the coupon value policy (docs/product.md#coupons "Value policy"), tried
// as a new user would. Moving time needs the test clock
// (docs/api.md#test-clock-tests-only), so this spec runs its own server with
// WATCHWIN_TEST_CLOCK=true: the shared server's clock is never moved.

test.describe('with WATCHWIN_TEST_CLOCK=true', () => {
  const server = ownServer('test-clock', process.env.WATCHWIN_E2E_CLOCK_PORT ?? '18534', { WATCHWIN_TEST_CLOCK: 'true' });
  const origin = server.origin;
  let admin: Account;
  let clerk: Account;

  test.beforeAll(async () => {
    // The loud warning is in the log from the start (log lines are written every 100 ms).
    await expect.poll(() => readFileSync(serverLogPath(server.dataDir), 'utf8'), { timeout: 5_000 }).toContain('WATCHWIN_TEST_CLOCK is on');
    admin = createAdmin(server.dataDir);
    clerk = createStaff(server.dataDir);
  });

  test('under Split the printed coupon shows both parts, and past the bonus date the counter takes the paid value', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000); // a long journey: three accounts, a purchase, a clock move
    // The owner switches to Split in the settings.
    await logIn(page, admin);
    await page.goto('/admin/settings');
    await page.getByRole('tab', { name: 'Coupon Value' }).click();
    const form = page.getByRole('form', { name: 'Coupon value' });
    await expect(form.getByText('Split (recommended)')).toBeVisible();
    await expect(form.getByText('A change applies to coupons issued after you save it.')).toBeVisible();
    await form.getByRole('radio', { name: /Split/ }).check();
    await expect(form.getByLabel('Paid value lasts (years)')).toHaveValue('5');
    await expect(form.getByLabel('Promotional value lasts (days)')).toHaveValue('30');
    await form.getByRole('button', { name: 'Save Coupon Value' }).click();
    await expect(page.getByText('Coupon value settings saved!')).toBeVisible();

    // The Terms page says the same.
    await page.goto('/terms');
    await expect(page.getByText('The part of the value you paid is valid for 5 years after issue.')).toBeVisible();

    // A new customer buys a $40 webinar's coupon ($48: $40 paid, $8 bonus).
    const webinar = await createWebinarViaApi(page.request);
    const customerContext = await browser.newContext({ baseURL: origin });
    const customer = await customerContext.newPage();
    const account = await signUpViaApi(customer.request, 'split');
    await logInViaApi(customer.request, account);
    const code = await buyCouponViaApi(customer.request, webinar);

    // The dashboard and the printed coupon show both parts with their dates.
    await customer.goto('/dashboard');
    const card = customer.getByRole('article', { name: '$48.00' });
    await expect(card.getByText('Paid value $40.00')).toBeVisible();
    await expect(card.getByText(/Promotional value — expires \w+ \d+, \d{4}/)).toBeVisible();
    await card.getByRole('button', { name: `Print coupon ${code}` }).click();
    const printed = customer.getByRole('dialog').getByRole('article', { name: `Coupon ${code}` });
    await expect(printed.getByRole('list', { name: 'Coupon value parts' })).toContainText('Paid value $40.00 — valid until');
    await expect(printed.getByRole('list', { name: 'Coupon value parts' })).toContainText(/\$8\.00 Promotional value — expires/);
    await expect(printed.getByRole('region', { name: 'Coupon terms' })).toContainText('The paid value ($40.00) is valid until');
    await expect(printed.getByRole('region', { name: 'Coupon terms' })).toContainText('Promotional value ($8.00) expires');

    // The test hook moves the server's clock 31 days on: past the bonus date.
    const moved = await page.request.post('/api/test/clock', { data: { advance: '744h' } });
    expect(moved.status(), await moved.text()).toBe(200);

    // Sessions of 30 days ended with the move: the clerk logs in now.
    const clerkContext = await browser.newContext({ baseURL: origin });
    const counter = await clerkContext.newPage();
    await logIn(counter, clerk);
    await counter.goto(`/counter?code=${code}`);
    const valid = counter.getByRole('region', { name: 'VALID', exact: true });
    await expect(valid).toBeVisible({ timeout: 30_000 });
    await expect(valid).toContainText('Take $40.00 off a purchase of $80.00 or more.');
    await expect(valid).toContainText(/bonus expired: \$8\.00 promotional value ended/);

    // The customer, back after the bonus date, sees the paid value and why.
    await logInViaApi(customer.request, account);
    await customer.goto('/dashboard');
    const later = customer.getByRole('article', { name: '$40.00' });
    await expect(later.getByText('Bonus expired', { exact: true })).toBeVisible({ timeout: 15_000 });

    await customerContext.close();
    await clerkContext.close();
  });
});
