import { test, expect, createAdmin, createWebinarViaApi, logIn, logInViaApi, registerViaApi, signUpViaApi } from './fixtures';
import { mailboxAddress, waitForMailLink } from './support/server-log';

// Issue 26: a registrant who has not watched a webinar whose event time has
// passed gets "It's ready to watch" from the reminder job (every 15 s here);
// the mail's unsubscribe link works without logging in, and My Dashboard's
// Settings tab shows that reminder switched off.

test('the "It\'s ready" reminder arrives, its link unsubscribes without a login, and the dashboard shows the switch off', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await logInViaApi(request, createAdmin());
  const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000).toISOString().replace(/\.\d+Z$/, 'Z');
  const webinar = await createWebinarViaApi(request, { event_datetime: twoDaysAgo });

  // The registrant registers through the API in a session of its own, so the
  // browser is not logged in when it opens the mail's link.
  const { email, domain } = mailboxAddress('sam');
  const account = await signUpViaApi(request, 'sam', email);
  const registrant = await playwright.request.newContext({ baseURL });
  await logInViaApi(registrant, account);
  await registerViaApi(registrant, webinar.id);
  await registrant.dispose();

  const link = await waitForMailLink({ domain, path: '/unsubscribe', timeout: 40_000 });
  expect(new URL(link).origin).toBe(baseURL);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: "You're unsubscribed" })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('You won\'t get “It\'s ready to watch” reminders any more.');
  await page.reload(); // the link works again, and says the same
  await expect(page.getByRole('heading', { level: 1, name: "You're unsubscribed" })).toBeVisible();

  // The page's link leads to the dashboard's Settings tab, after logging in.
  await page.getByRole('link', { name: 'Manage reminder e-mails' }).click();
  await expect(page).toHaveURL(/\/auth/);
  await logIn(page, account, '/auth');
  await expect(page).toHaveURL(/\/dashboard\?tab=settings$/);
  await expect(page.getByRole('switch', { name: "It's ready to watch" })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: "You didn't finish" })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Your coupon offer' })).toBeChecked();
});
