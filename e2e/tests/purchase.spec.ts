import type { APIRequestContext, Page } from '@playwright/test';
import {
  test,
  expect,
  createAdmin,
  createWebinarViaApi,
  fillTestCard,
  logIn,
  logInViaApi,
  registerViaApi,
  signUpViaApi,
  type SeededWebinar,
} from './fixtures';

// The coupon page and the payment flow in test mode (docs/product.md#coupon-page-webinaridcoupon,
// docs/product.md#states-and-transitions, docs/product.md#card-payment test cards, docs/product.md#free-webinars free webinars, docs/product.md#simulated-purchase the DEV row, docs/product.md#texts-users-see), against
// the built-in test provider: no money moves.

const ALREADY_PURCHASED =
  "You've already purchased the coupon for this webinar. Please check your email for the coupon code or contact support.";
const CODE = /LW-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/;

/** An admin's API session in `request`, and a fresh webinar. */
async function seedWebinar(request: APIRequestContext, overrides: Record<string, unknown> = {}) {
  await logInViaApi(request, createAdmin());
  return createWebinarViaApi(request, overrides);
}

/** Registers the user whose session `request` holds and records that the video was watched to the end. */
async function registerAndWatch(request: APIRequestContext, webinar: SeededWebinar) {
  await registerViaApi(request, webinar.id);
  const res = await request.post(`/api/webinars/${webinar.id}/registration/watched`);
  expect(res.status(), await res.text()).toBe(200);
}

/** Records every request to Stripe, which must never be made in test mode. */
function watchStripeRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (req) => {
    if (/stripe\.(com|network)/.test(req.url())) seen.push(req.url());
  });
  return seen;
}


test('a user who watched pays: a declined card gets no coupon, the success card gets Coupon Activated', async ({ page, request }) => {
  const stripeRequests = watchStripeRequests(page);
  const webinar = await seedWebinar(request, { display_price: 40, actual_coupon_value_percentage: 120 });
  const user = await signUpViaApi(request);
  await logIn(page, user);
  await registerAndWatch(page.request, webinar);

  await page.goto(`/webinar/${webinar.id}/coupon`);
  const offer = page.getByRole('region', { name: 'Coupon offer' });
  await expect(offer).toContainText('$40.00');
  await expect(offer).toContainText('$48.00');
  await expect(offer.getByText('20% bonus')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Key terms' })).toContainText('$96.00 or more');
  await expect(page.getByRole('link', { name: 'Back to Webinar' })).toHaveAttribute('href', `/webinar/${webinar.id}`);

  await offer.getByRole('button', { name: 'Buy Your Discounted Coupon' }).click();
  const form = page.getByRole('form', { name: 'Card payment' });
  await expect(form).toBeVisible();
  const notice = page.getByRole('note', { name: 'Test mode' });
  await expect(notice).toContainText('Test mode: no money moves');
  await expect(notice).toContainText('4242 4242 4242 4242');

  // The browser checks the fields first, next to each one.
  await form.getByRole('button', { name: 'Pay $40.00' }).click();
  await expect(form.getByText('Your card number is incomplete.')).toBeVisible();
  await expect(form.getByText('Your postal code is incomplete.')).toBeVisible();

  // A declined card: the card's message inline and in a toast, back to the form, no coupon.
  await fillTestCard(page, '4000 0000 0000 0002');
  await form.getByRole('button', { name: 'Pay $40.00' }).click();
  await expect(form.getByText('Your card was declined.')).toBeVisible();
  await expect(page.getByText('Payment Failed', { exact: true }).first()).toBeVisible();
  await expect(form.getByRole('button', { name: 'Pay $40.00' })).toBeEnabled();
  await expect(page.getByText('Coupon Activated')).toHaveCount(0);
  const noCoupon = await page.request.get(`/api/webinars/${webinar.id}/coupon`);
  expect(await noCoupon.json()).toEqual({ coupon: null });

  // The success card.
  await fillTestCard(page, '4242 4242 4242 4242');
  await form.getByRole('button', { name: 'Pay $40.00' }).click();
  await expect(page.getByRole('heading', { name: 'Coupon Activated' })).toBeVisible();
  await expect(page.getByText('Payment Successful', { exact: true })).toBeVisible();
  const coupon = page.getByRole('article', { name: /^Coupon LW-/ });
  await expect(coupon).toBeVisible();
  await expect(coupon).toContainText(CODE);
  await expect(coupon).toContainText('$48.00');
  await expect(coupon.getByRole('img', { name: /^QR code of coupon LW-/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print Coupon' })).toBeVisible();
  const code = (await coupon.getAttribute('aria-label'))!.replace('Coupon ', '');
  expect(code).toMatch(CODE);

  // Mine, active, and the registration watched and paid (the API behind My Dashboard).
  const coupons = (await (await page.request.get('/api/coupons')).json()) as { coupons: { code: string; status: string; value: number }[] };
  expect(coupons.coupons).toEqual([expect.objectContaining({ code, status: 'active', value: 48 })]);
  const regs = (await (await page.request.get('/api/registrations')).json()) as {
    registrations: { webinar_id: string; watched_video_fully: boolean; purchased_coupon: boolean }[];
  };
  expect(regs.registrations).toEqual([
    expect.objectContaining({ webinar_id: webinar.id, watched_video_fully: true, purchased_coupon: true }),
  ]);

  // My Dashboard lists the coupon as Valid and the webinar as Completed.
  await page.goto('/dashboard');
  const card = page.getByRole('list', { name: 'My coupons' }).getByRole('article', { name: '$48.00' });
  await expect(card).toContainText(code);
  await expect(card).toContainText(webinar.title);
  await expect(card).toContainText('Valid');
  await page.getByRole('tab', { name: 'My Webinars' }).click();
  const row = page.getByRole('table', { name: 'My webinars' }).getByRole('row', { name: new RegExp(webinar.title) });
  await expect(row).toContainText('Completed');

  // A second purchase for the same webinar is refused with the sentence of docs/product.md#watch-page…
  const again = await page.request.post(`/api/webinars/${webinar.id}/payments`);
  expect(again.status()).toBe(409);
  expect(await again.json()).toEqual({ error: { code: 'already_purchased', message: ALREADY_PURCHASED } });
  // …and the page shows the coupon bought, not another offer.
  await page.goto(`/webinar/${webinar.id}/coupon`);
  await expect(page.getByRole('heading', { name: 'Coupon Activated' })).toBeVisible();
  await expect(page.getByRole('article', { name: `Coupon ${code}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy Your Discounted Coupon' })).toHaveCount(0);

  expect(stripeRequests).toEqual([]);
});

test('a user who has not finished the video is sent back to the webinar', async ({ page, request }) => {
  const webinar = await seedWebinar(request);
  const user = await signUpViaApi(request);
  await logIn(page, user);
  await registerViaApi(page.request, webinar.id);

  await page.goto(`/webinar/${webinar.id}/coupon`);
  await expect(page.getByText('Please watch the webinar first')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/webinar/${webinar.id}$`));
});

test('an anonymous visitor sees Login Required and comes back to the offer after logging in', async ({ page, request }) => {
  const webinar = await seedWebinar(request);
  const user = await signUpViaApi(request);
  await logInViaApi(request, user);
  await registerAndWatch(request, webinar);

  await page.goto(`/webinar/${webinar.id}/coupon`);
  await expect(page.getByText('Login Required')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy Your Discounted Coupon' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  const login = page.getByRole('tabpanel', { name: 'Login' });
  await login.getByLabel('Email').fill(user.email);
  await login.getByLabel('Password', { exact: true }).fill(user.password);
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(new RegExp(`/webinar/${webinar.id}/coupon$`));
  await expect(page.getByRole('button', { name: 'Buy Your Discounted Coupon' })).toBeVisible();
});

test("an admin sees 'DEV: Simulate Successful Payment', which marks the purchase without a coupon", async ({ page, request }) => {
  const webinar = await seedWebinar(request);
  const admin = createAdmin();
  await logIn(page, admin);
  await registerAndWatch(page.request, webinar);

  await page.goto(`/webinar/${webinar.id}/coupon`);
  const dev = page.getByRole('button', { name: 'DEV: Simulate Successful Payment' });
  await expect(dev).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy Your Discounted Coupon' })).toHaveCount(0);
  await dev.click();
  await expect(page.getByRole('heading', { name: 'Coupon Activated' })).toBeVisible();
  await expect(page.getByText(/Please refresh the page in a moment\./)).toBeVisible();

  const reg = (await (await page.request.get(`/api/webinars/${webinar.id}/registration`)).json()) as {
    registration: { purchased_coupon: boolean };
  };
  expect(reg.registration.purchased_coupon).toBe(true);
});

test('a free webinar is claimed without a card: a giveaway entry, no coupon', async ({ page, request }) => {
  const webinar = await seedWebinar(request, { display_price: 0 });
  const user = await signUpViaApi(request);
  await logIn(page, user);
  await registerAndWatch(page.request, webinar);

  await page.goto(`/webinar/${webinar.id}/coupon`);
  await page.getByRole('button', { name: 'Claim Your Giveaway Entry' }).click();
  await expect(page.getByRole('heading', { name: "You're entered in the giveaway" })).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await expect(page.getByText('Coupon Activated')).toHaveCount(0);
  const coupon = await page.request.get(`/api/webinars/${webinar.id}/coupon`);
  expect(await coupon.json()).toEqual({ coupon: null });
});
