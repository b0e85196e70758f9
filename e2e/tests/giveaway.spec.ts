import {
  test,
  expect,
  buyCouponViaApi,
  createAdmin,
  createCustomer,
  createStaff,
  createWebinarViaApi,
  logIn,
  logInViaApi,
  signUpViaApi,
} from './fixtures';

// The lawful giveaway (docs/product.md#giveaway): official rules anyone can read, a
// free entry without purchase, and a draw that happens at the deadline even
// when the seats never fill, with its entry counts for the admin.

const NO_PURCHASE = 'No purchase necessary. A purchase does not improve your chances of winning.';

test('a visitor reads the official rules from the footer', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Giveaway Rules' }).click();
  await expect(page).toHaveURL(/\/giveaway-rules$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Official Giveaway Rules' })).toBeVisible();
  await expect(page.getByText(NO_PURCHASE).first()).toBeVisible();
  for (const heading of ['1. Sponsor', '2. Eligibility', '3. Entry period', '4. How to enter', '5. Prize', '6. Odds',
    '7. The draw', '8. Winner notification and claim', '9. Unclaimed prizes', '10. Firearm and ammunition prizes']) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  const sponsor = page.getByRole('region', { name: '1. Sponsor' });
  await expect(sponsor).toContainText('Naperville');
  await expect(page.getByRole('region', { name: '6. Odds' })).toContainText('depend on the number of eligible entries');
  await expect(page.getByRole('region', { name: '5. Prize' })).toContainText(/approximate retail value \$\d/);
  await expect(page.locator('main')).not.toContainText(/undefined|null|NaN|TODO/);
});

test('a user enters free without a card, a clerk who buys is no entry; after the short deadline the admin sees the winner with the entry counts', async ({ page, request, playwright }, testInfo) => {
  test.setTimeout(180_000); // two sign-ins and a wait for the periodic job (every 3 s here)
  const admin = createAdmin();
  await logInViaApi(request, admin);
  const webinar = await createWebinarViaApi(request, { total_seats: 20 });
  const later = new Date(Date.now() + 60 * 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
  const terms = await request.put(`/api/admin/webinars/${webinar.id}/giveaway`, {
    data: { draws_at: later, prize_description: 'A padded range bag', prize_value_cents: 8999 },
  });
  expect(terms.status(), await terms.text()).toBe(200);

  // A free entry needs a confirmed address: a sign-up's is not confirmed yet.
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const unconfirmed = await signUpViaApi(api, 'unconfirmed');
  await logInViaApi(api, unconfirmed);
  const refused = await api.post(`/api/webinars/${webinar.id}/giveaway/entries`, {
    data: { eligible: true, accept_rules: true, show_name: false },
  });
  expect(refused.status(), await refused.text()).toBe(403);
  expect((await refused.json()).error.code).toBe('email_not_confirmed');
  await api.dispose();
  const entrant = createCustomer('free-entrant');

  // The entrant, signed in, enters from the webinar's page: no card, no payment.
  await logIn(page, entrant);
  await page.goto(`/webinar/${webinar.id}`);
  const giveaway = page.getByRole('region', { name: 'Gear giveaway' });
  await expect(giveaway).toContainText('A padded range bag');
  await expect(giveaway).toContainText('$89.99');
  await expect(giveaway.getByText(NO_PURCHASE)).toBeVisible();
  await giveaway.getByRole('button', { name: 'Enter the giveaway without purchase' }).click();
  const form = giveaway.getByRole('form', { name: 'Free giveaway entry' });
  await form.getByRole('button', { name: 'Enter the Giveaway' }).click();
  await expect(form.getByText('Please confirm that you meet the eligibility requirements.')).toBeVisible();
  await form.getByRole('checkbox', { name: /21 or older/ }).check();
  await form.getByRole('checkbox', { name: /I agree to the Official Rules/ }).check();
  await form.getByRole('checkbox', { name: /show my first name/ }).check();
  await form.getByRole('button', { name: 'Enter the Giveaway' }).click();
  await expect(giveaway.getByText("You're entered in the giveaway")).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Gear giveaway' }).getByText("You're entered in the giveaway")).toBeVisible();
  await expect(page.getByText('of 20 seats available')).toBeVisible(); // a free entry takes no seat
  await expect(page.getByRole('textbox', { name: /card/i })).toHaveCount(0);

  // A store clerk buys a coupon too: the sponsor's staff are no entries (docs/product.md#giveaway).
  const staffApi = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  await logInViaApi(staffApi, createStaff());
  await buyCouponViaApi(staffApi, webinar);
  await staffApi.dispose();

  // The admin moves the draw to a moment from now; the periodic job draws it.
  const soon = new Date(Date.now() + 1_000).toISOString();
  const moved = await request.put(`/api/admin/webinars/${webinar.id}/giveaway`, {
    data: { draws_at: soon, prize_description: 'A padded range bag', prize_value_cents: 8999 },
  });
  expect(moved.status(), await moved.text()).toBe(200);

  await page.context().clearCookies(); // the entrant leaves; the admin signs in on the same browser
  await logIn(page, admin);
  await page.goto('/admin/giveaway-winners');
  const draws = page.getByRole('table', { name: 'Giveaway draws' });
  const row = draws.getByRole('row', { name: new RegExp(webinar.title) });
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 90_000 });
  await expect(row).toContainText('Draw date');
  await expect(row).toContainText('1 entry (0 paid, 1 free)');
  await expect(row).toContainText(`${entrant.firstName} ${entrant.lastName}`);
  await expect(row.getByRole('link', { name: /Entrant list/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Giveaway winners' }).getByRole('row', { name: new RegExp(webinar.title) })).toBeVisible();

  // Anyone sees the draw on the rules page, with the winner's opted-in name.
  await page.goto('/giveaway-rules');
  await expect(page.getByRole('list', { name: `Draws for ${webinar.title}` })).toContainText(
    `1 entry (0 paid, 1 free). Winner: ${entrant.firstName} ${entrant.lastName[0]}.`,
  );
});
