import type { APIRequestContext, Browser, PlaywrightWorkerArgs, TestInfo } from '@playwright/test';

type Playwright = PlaywrightWorkerArgs['playwright'];
import {
  test,
  expect,
  buyCouponViaApi,
  couponId,
  createAdmin,
  createWebinarViaApi,
  logIn,
  logInViaApi,
  signUpViaApi,
  type Account,
  type SeededWebinar,
} from './fixtures';

// The admin screens of docs/product.md#admin-screens for coupons, users and giveaway winners
// (docs/product.md#records coupon status and winner, docs/product.md#validation-and-its-messages roles, docs/product.md#coupons texts), against the real server.

/** An API client with its own cookies (another person than `request` and the page). */
async function apiClient(playwright: Playwright, testInfo: TestInfo): Promise<APIRequestContext> {
  return playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
}

/** A new customer with their own API session, and the coupon they bought for `webinar`. */
async function customerWithCoupon(playwright: Playwright, testInfo: TestInfo, webinar: SeededWebinar) {
  const customer = await apiClient(playwright, testInfo);
  const account = await signUpViaApi(customer, 'buyer');
  await logInViaApi(customer, account);
  const code = await buyCouponViaApi(customer, webinar);
  return { customer, account, code };
}

/** A second browser (its own cookies), blocked from the outside world like the page fixture. */
async function secondPage(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/]|localhost[:/])/, (route) => route.abort());
  return { context, page: await context.newPage() };
}

test('an admin finds a coupon by its code, redeems it and cancels the redemption', async ({ page, request, playwright }, testInfo) => {
  const admin = createAdmin();
  await logInViaApi(request, admin);
  const webinar = await createWebinarViaApi(request, { display_price: 40, actual_coupon_value_percentage: 120 });
  const { customer, account, code } = await customerWithCoupon(playwright, testInfo, webinar);

  await logIn(page, admin);
  await page.goto('/admin/coupons');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Coupons' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Coupons' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Coupon Code', 'Value', 'User', 'Webinar', 'Created', 'Expires', 'Status', 'Redeemed by', 'Actions',
  ]);

  // Search by the code, typed in lower case with spaces around it, and Enter.
  const search = page.getByLabel('Search coupons');
  await search.fill(`  ${code.toLowerCase()}  `);
  await search.press('Enter');
  await expect(page.getByText('Coupons Loaded', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?search=${code.toLowerCase()}$`));
  await expect(search).toHaveValue(code.toLowerCase());
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  const row = table.getByRole('row', { name: new RegExp(code) });
  await expect(row).toContainText('$48.00');
  await expect(row).toContainText(account.email);
  await expect(row).toContainText(webinar.title);
  await expect(row).toContainText('Valid');

  // The QR popup.
  await row.getByRole('button', { name: `Show QR code for ${code}` }).click();
  const qr = page.getByRole('dialog', { name: 'Coupon QR Code' });
  await expect(qr.getByRole('img', { name: `QR code for ${code}` })).toBeVisible();
  expect(await qr.locator('svg').first().getAttribute('width')).toBe('200');
  await expect(qr).toContainText(code);
  await page.keyboard.press('Escape');
  await expect(qr).toBeHidden();

  // Mark Redeemed, then a second press elsewhere is refused by the server.
  await row.getByRole('button', { name: 'Mark Redeemed' }).click();
  await expect(page.getByText('Coupon Redeemed', { exact: true })).toBeVisible();
  await expect(row).toContainText('Redeemed');
  // Redeemed by: this admin, made by `watchwin user add` without a name, so by e-mail.
  await expect(row.getByRole('cell', { name: admin.email })).toBeVisible();
  const again = await request.post(`/api/admin/coupons/${await couponId(request, code)}/redeem`);
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { error: { message: string } }).error.message).toBe('This coupon has already been redeemed.');

  // The customer sees it redeemed too.
  const mine = (await (await customer.get('/api/coupons')).json()) as { coupons: { code: string; status: string }[] };
  expect(mine.coupons.find((c) => c.code === code)?.status).toBe('used');

  await row.getByRole('button', { name: 'Cancel Redemption' }).click();
  await expect(page.getByText('Redemption Canceled', { exact: true })).toBeVisible();
  await expect(row).toContainText('Valid');
  await expect(row.getByRole('button', { name: 'Mark Redeemed' })).toBeEnabled();

  // The ?search= link opens the same list; an empty search lists every coupon again.
  await page.goto(`/admin/coupons?search=${encodeURIComponent(account.email.toUpperCase())}`);
  await expect(page.getByLabel('Search coupons')).toHaveValue(account.email.toUpperCase());
  await expect(table.getByRole('row', { name: new RegExp(code) })).toBeVisible();
  await expect(rows).toHaveCount(1);
  await page.getByLabel('Search coupons').fill('');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/coupons$/);
  await expect(table.getByRole('row', { name: new RegExp(code) })).toBeVisible();
  await customer.dispose();
});

test('the giveaway winner of a filled webinar appears as Pending and becomes Notified', async ({ page, request, playwright }, testInfo) => {
  const admin = createAdmin();
  await logInViaApi(request, admin);
  // One seat: the one purchase fills it, and the server draws the winner.
  const webinar = await createWebinarViaApi(request, { total_seats: 1, display_price: 25 });
  const { customer, account } = await customerWithCoupon(playwright, testInfo, webinar);
  await customer.dispose();

  await logIn(page, admin);
  await page.goto('/admin/giveaway-winners');
  await expect(page.getByRole('heading', { level: 1, name: 'Giveaway Winners' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Giveaway winners' });
  await expect(table.getByRole('columnheader')).toHaveText(['Winner', 'Webinar', 'Date Picked', 'Status', 'Actions']);
  const rows = table.getByRole('row', { name: new RegExp(webinar.title) });
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row).toContainText(`${account.firstName} ${account.lastName}`);
  await expect(row).toContainText(account.email);
  await expect(row).toContainText(/\d{4} at \d{1,2}:\d{2} (AM|PM) C[SD]T/);
  await expect(row).toContainText('Pending');

  await row.getByRole('button', { name: 'Send Notification' }).click();
  await expect(page.getByText('Notification Sent', { exact: true })).toBeVisible();
  await expect(row).toContainText('Notified');
  await expect(row.getByRole('button', { name: 'Send Notification' })).toBeDisabled();

  // Pick New Winner draws again for that webinar (its only entrant) and keeps the history.
  await row.getByRole('button', { name: 'Pick New Winner' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Pick a new winner?' });
  await expect(confirm).toContainText(webinar.title);
  await confirm.getByRole('button', { name: 'Pick New Winner' }).click();
  await expect(confirm.getByText('Please say why a new winner is needed.')).toBeVisible(); // the reason is kept and audited
  await confirm.getByLabel('Reason').fill('The winner did not claim the prize in time.');
  await confirm.getByRole('button', { name: 'Pick New Winner' }).click();
  await expect(page.getByText('New Winner Picked', { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Pending');
  await expect(rows.nth(1)).toContainText('Notified');
});

test('a user edited by the admin sees the change; a new password ends their session', async ({ page, request, browser }, testInfo) => {
  test.slow(); // a long journey: two browsers, an edit, a refused e-mail, a password change and a refused self-deletion
  const webinarAdmin = createAdmin();
  await logInViaApi(request, webinarAdmin);
  const webinar = await createWebinarViaApi(request);
  const user = await signUpViaApi(request, 'edited');

  // The user is signed in in their own browser.
  const other = await secondPage(browser, testInfo);
  const userPage = other.page;
  await logIn(userPage, user);

  const admin = createAdmin();
  await logIn(page, admin);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Users' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin');
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('columnheader')).toHaveText(['Email', 'First Name', 'Last Name', 'Phone', 'Role', 'Actions']);
  const row = table.getByRole('row', { name: new RegExp(user.email) });
  await expect(row).toContainText('Sam');
  await expect(row).toContainText('Carter');
  await expect(row).toContainText('630-555-0199');
  await expect(row).toContainText('user');

  // Edit: Cancel closes without a change; Save Changes saves and closes.
  await row.getByRole('button', { name: `Edit ${user.email}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await expect(edit.getByLabel('First Name')).toHaveValue('Sam');
  await edit.getByLabel('First Name').fill('Changed');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Sam');

  await row.getByRole('button', { name: `Edit ${user.email}` }).click();
  await expect(edit.getByLabel('First Name')).toHaveValue('Sam');
  await edit.getByLabel('First Name').fill('Samuel');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(row.getByRole('cell', { name: 'Samuel' })).toBeVisible();

  // A taken e-mail is refused with the server's message, in the dialog.
  await row.getByRole('button', { name: `Edit ${user.email}` }).click();
  await edit.getByLabel('Email').fill(admin.email);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit.getByRole('alert')).toHaveText('Error updating user: An account with this email already exists.');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();

  // The user sees the new name where the app shows it: the registration dialog fills it in.
  const session = (await (await userPage.request.get('/api/auth/session')).json()) as { profile: { firstName: string } };
  expect(session.profile.firstName).toBe('Samuel');
  await userPage.goto('/webinars');
  await userPage.getByRole('article', { name: webinar.title }).getByRole('button', { name: 'Reserve Spot' }).click();
  const register = userPage.getByRole('dialog', { name: 'Register for Webinar' });
  await expect(register.getByLabel('Full Name')).toHaveValue('Samuel Carter');
  await userPage.keyboard.press('Escape');

  // Change Password: Save stays disabled until something is typed; the new password works, the old session ends.
  await row.getByRole('button', { name: `Change password for ${user.email}` }).click();
  const change = page.getByRole('dialog', { name: 'Change Password' });
  await expect(change.getByRole('button', { name: 'Save' })).toBeDisabled();
  await change.getByLabel('New Password').fill('brand-new-1');
  await change.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Password changed successfully!', { exact: true })).toBeVisible();
  await expect(change).toBeHidden();

  const after = (await (await userPage.request.get('/api/auth/session')).json()) as { user: unknown };
  expect(after.user).toBeNull();
  await logIn(userPage, { ...user, password: 'brand-new-1' });
  await other.context.close();

  // The admin cannot delete their own account: the refusal stays in the dialog.
  const me = table.getByRole('row', { name: new RegExp(admin.email) });
  await me.getByRole('button', { name: `Delete ${admin.email}` }).click();
  const del = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this user?' });
  await del.getByRole('button', { name: 'Delete User' }).click();
  await expect(del.getByRole('alert')).toHaveText(
    "Error deleting user: You can't delete your own account. Ask another admin to do it.",
  );
  await del.getByRole('button', { name: 'Cancel' }).click();
  await expect(del).toBeHidden();
});

test('a non-admin is refused on the admin screens and by the API', async ({ page, request }) => {
  const user: Account = await signUpViaApi(request);
  await logIn(page, user);
  for (const path of ['/admin/coupons', '/admin/users', '/admin/giveaway-winners']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: /Manage Coupons|Manage Users|Giveaway Winners/ })).toHaveCount(0);
  }
  for (const [method, path] of [
    ['GET', '/api/admin/coupons'],
    ['GET', '/api/admin/users'],
    ['GET', '/api/admin/giveaway-winners'],
    ['POST', '/api/admin/coupons/any/redeem'],
    ['PUT', '/api/admin/users/any'],
    ['POST', '/api/admin/giveaway-winners/any/notify'],
  ] as const) {
    const res = await page.request.fetch(path, { method, data: method === 'GET' ? undefined : {} });
    expect(res.status(), `${method} ${path}`).toBe(403);
  }
});
