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

// Issue 47 item 5: a paid value that never expires (docs/product.md#coupons
// "Value policy"), tried as a new user would. The choice is the whole site's,
// so this spec runs its own server: the shared server's coupons keep the
// policy the other specs expect.

test.describe('with the paid value never expiring', () => {
  const server = ownServer(
    'paid-never-expires',
    process.env.WATCHWIN_E2E_NEVER_PORT ?? String(Number(process.env.WATCHWIN_E2E_PORT ?? '18473') + 350),
    {},
  );
  const origin = server.origin;
  let admin: Account;
  let clerk: Account;

  test.beforeAll(() => {
    admin = createAdmin(server.dataDir);
    clerk = createStaff(server.dataDir);
  });

  test('the owner chooses it, and a new coupon, its print and the counter say the paid value never expires', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000); // three accounts and a purchase
    await logIn(page, admin);
    await page.goto('/admin/settings');
    await page.getByRole('tab', { name: 'Coupon Value' }).click();
    const form = page.getByRole('form', { name: 'Coupon value' });
    await form.getByRole('radio', { name: /Split/ }).check();
    await form.getByRole('checkbox', { name: /Paid value never expires/ }).check();
    await expect(form.getByLabel('Paid value lasts (years)')).toHaveCount(0);
    await form.getByRole('button', { name: 'Save Coupon Value' }).click();
    await expect(page.getByText('Coupon value settings saved!')).toBeVisible();

    // The Terms page says the same.
    await page.goto('/terms');
    await expect(page.getByText('The part of the value you paid never expires.')).toBeVisible();

    // A new customer buys a $40 webinar's coupon ($48: $40 paid, $8 bonus).
    const webinar = await createWebinarViaApi(page.request);
    const customerContext = await browser.newContext({ baseURL: origin });
    const customer = await customerContext.newPage();
    const account = await signUpViaApi(customer.request, 'lasting');
    await logInViaApi(customer.request, account);
    const code = await buyCouponViaApi(customer.request, webinar);

    await customer.goto('/dashboard');
    const card = customer.getByRole('article', { name: '$48.00' });
    await expect(card.getByText('Paid value never expires')).toBeVisible();
    await expect(card.getByText(/Promotional value — expires \w+ \d+, \d{4}/)).toBeVisible();
    await expect(card).not.toContainText('9999');
    await card.getByRole('button', { name: `Print coupon ${code}` }).click();
    const printed = customer.getByRole('dialog').getByRole('article', { name: `Coupon ${code}` });
    await expect(printed.getByText('Paid value never expires')).toBeVisible();
    await expect(printed.getByRole('list', { name: 'Coupon value parts' })).toContainText('Paid value $40.00 — never expires');
    await expect(printed.getByRole('region', { name: 'Coupon terms' })).toContainText('The paid value ($40.00) never expires.');
    await expect(printed).not.toContainText('9999');

    // The counter's verdict says so where the expiry goes.
    const clerkContext = await browser.newContext({ baseURL: origin });
    const counter = await clerkContext.newPage();
    await logIn(counter, clerk);
    await counter.goto(`/counter?code=${code}`);
    const valid = counter.getByRole('region', { name: 'VALID', exact: true });
    await expect(valid).toBeVisible({ timeout: 15_000 });
    await expect(valid).toContainText('Take $48.00 off a purchase of $96.00 or more.');
    await expect(valid).toContainText('Paid value never expires');
    await expect(valid).not.toContainText('9999');

    await customerContext.close();
    await clerkContext.close();
  });
});
