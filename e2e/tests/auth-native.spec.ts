import type { Browser, Page } from '@playwright/test';
import { test, expect, nextClientAddress, signUpViaApi, uniqueEmail } from './fixtures';
import { recordSecret } from './support/secrets';

// The login and sign-up forms work before the app has started
// (docs/api.md#forms-without-javascript): the browser posts them itself, the
// server logs in or signs up and redirects, and the app shows what the form
// would have shown.

/** The same browser (cookies) with JavaScript on, opened at path. */
async function withJavaScript(browser: Browser, page: Page, path: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    javaScriptEnabled: true, // else the describe's test.use applies here too
    storageState: await page.context().storageState(),
  });
  const next = await context.newPage();
  await next.goto(path);
  return next;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the login form logs in and the app then says Welcome back!', async ({ page, request, browser }) => {
    const account = await signUpViaApi(request, 'native-login');
    await page.goto('/auth');
    const login = page.getByRole('form', { name: 'Login' });
    await login.getByLabel('Email').fill(account.email);
    await login.getByLabel('Password', { exact: true }).fill(account.password);
    await login.getByLabel('Password', { exact: true }).press('Enter');
    await expect(page).toHaveURL(/\/$/);
    expect(page.url()).not.toContain(account.email.split('@')[0]);

    const app = await withJavaScript(browser, page, '/');
    await expect(app.getByText('Welcome back!')).toBeVisible();
    await expect(app.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
    await app.context().close();
  });

  test('a refused login keeps the webinar and the e-mail; the next one goes to the watch page', async ({ page, request, browser }) => {
    const account = await signUpViaApi(request, 'native-retry');
    await page.goto('/auth?webinarId=some-webinar');
    const login = page.getByRole('form', { name: 'Login' });
    await login.getByLabel('Email').fill(account.email);
    await login.getByLabel('Password', { exact: true }).fill('not-the-password');
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/auth\?webinarId=some-webinar$/);

    const app = await withJavaScript(browser, page, '/auth?webinarId=some-webinar');
    await expect(app.getByText('Error signing in')).toBeVisible();
    await expect(app.getByText('Invalid email or password.').first()).toBeVisible();
    await expect(app.getByRole('form', { name: 'Login' }).getByLabel('Email')).toHaveValue(account.email);
    await app.context().close();

    await page.goto('/auth?webinarId=some-webinar');
    await login.getByLabel('Email').fill(account.email);
    await login.getByLabel('Password', { exact: true }).fill(account.password);
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/webinar\/some-webinar\/watch$/);
  });

  test.describe('signing up', () => {
    // Its own client address, so the per-address sign-up limit is this test's alone.
    test.use({ extraHTTPHeaders: { 'X-Forwarded-For': nextClientAddress() } });

    test('the sign-up form signs up and the app then shows the login with the new address', async ({ page, browser }) => {
      const email = uniqueEmail('native-signup');
      const password = 'native-secret-1';
      recordSecret('password', password);
      await page.goto('/auth?tab=signup');
      const form = page.getByRole('form', { name: 'Sign Up' });
      await form.getByLabel('First Name').fill('Nadia');
      await form.getByLabel('Last Name').fill('Quick');
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Phone Number').fill('(630) 555-0177');
      await form.getByLabel('Password', { exact: true }).fill(password);
      await form.getByLabel('Confirm Password').fill(password);
      await form.getByLabel('I am 21 or older').check();
      await form.getByRole('button', { name: 'Sign Up' }).click();
      await expect(page).toHaveURL(/\/auth$/);

      const app = await withJavaScript(browser, page, '/auth');
      await expect(app.getByText('Sign up successful!', { exact: true })).toBeVisible();
      await expect(app.getByRole('form', { name: 'Login' }).getByLabel('Email')).toHaveValue(email);
      await app.context().close();
    });
  });
});

test('an Enter pressed before the app has started logs in once', async ({ page, request }) => {
  const account = await signUpViaApi(request, 'native-early');
  // The app's scripts are held back while the visitor types into the server's paint.
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/auth');
  const login = page.getByRole('form', { name: 'Login' });
  await login.getByLabel('Email').fill(account.email);
  await login.getByLabel('Password', { exact: true }).fill(account.password);
  await page.unroute('**/*.js');

  const logins: { method: string; type: string | null }[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/auth/login') logins.push({ method: r.method(), type: r.headers()['content-type'] ?? null });
  });
  await login.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
  expect(logins).toEqual([{ method: 'POST', type: 'application/x-www-form-urlencoded' }]);
});
