import {
  test,
  expect,
  couponId,
  createAdmin,
  fillTestCard,
  logIn,
  logInViaApi,
  registerViaApi,
  signUpViaApi,
  soldOutWebinarViaApi,
} from './fixtures';
import { mailboxAddress, waitForMailLink } from './support/server-log';

// The waiting list (docs/api.md#waiting-list, docs/product.md#waiting-list): a
// sold-out webinar takes a waiting-list entry; an admin's refund frees the seat, which
// is held for the first person in line; the "A seat opened up" mail's link opens the
// offer with the hold's countdown, and the test card buys the coupon.

test('sold out → join the waiting list; a refund offers the seat by e-mail; the link leads to a purchase', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  await logInViaApi(request, createAdmin());
  const { webinar, code } = await soldOutWebinarViaApi(request, () => playwright.request.newContext({ baseURL }));

  // A registrant who watched finds it sold out and joins the list.
  const { email, domain } = mailboxAddress('waiter');
  const waiter = await signUpViaApi(request, 'waiter', email);
  await logIn(page, waiter);
  await registerViaApi(page.request, webinar.id);
  expect((await page.request.post(`/api/webinars/${webinar.id}/registration/watched`)).status()).toBe(200);
  await page.goto(`/webinar/${webinar.id}/coupon`);
  await expect(page.getByText('All coupons for this webinar have been sold.').first()).toBeVisible();
  await page.getByRole('button', { name: 'Join the waiting list' }).click();
  await expect(page.getByText("You're on the waiting list: number 1 of 1.")).toBeVisible();

  // The admin refunds the buyer: the seat goes to the list, by e-mail.
  const refunded = await request.post(`/api/admin/coupons/${await couponId(request, code)}/refund`, { data: { reason: 'changed plans' } });
  expect(refunded.status(), await refunded.text()).toBe(200);
  const link = await waitForMailLink({ domain, path: `/webinar/${webinar.id}/coupon`, token: false });
  expect(new URL(link).origin).toBe(baseURL);

  // The link opens the offer with the hold's countdown, and the test card buys it.
  await page.goto(link);
  await expect(page.getByText(/A seat is held for you until .+ \((23|24) ?h/)).toBeVisible();
  const offer = page.getByRole('region', { name: 'Coupon offer' });
  await offer.getByRole('button', { name: 'Buy Your Discounted Coupon' }).click();
  const form = await fillTestCard(page);
  await form.getByRole('button', { name: 'Pay $40.00' }).click();
  await expect(page.getByText('Coupon Activated')).toBeVisible();

  // Off the list now; nobody else waits.
  const standing = await page.request.get(`/api/webinars/${webinar.id}/waitlist`);
  expect(await standing.json()).toMatchObject({ status: 'none', waiting: 0 });
});

test('a signed-out visitor on a sold-out webinar is sent to log in to join the list', async ({ page, request, playwright, baseURL }) => {
  await logInViaApi(request, createAdmin());
  const { webinar } = await soldOutWebinarViaApi(request, () => playwright.request.newContext({ baseURL }));

  await page.goto(`/webinar/${webinar.id}`);
  await page.getByRole('link', { name: 'Log in to join the waiting list' }).click();
  await expect(page).toHaveURL(new RegExp(`/auth\\?webinarId=${webinar.id}`));
});
