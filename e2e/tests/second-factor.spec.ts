import type { Page } from '@playwright/test';
import { test, expect, createStaff, logIn, oathtool, signUpViaApi, type Account } from './fixtures';
import { ownServer } from './support/own-server';
import { mailboxAddress, serverLogPath, waitForMailLink } from './support/server-log';

// The second factor (docs/api.md#second-factor-and-sessions) with a real
// authenticator: Debian's oathtool computes every code from the key the page
// shows, so nothing of ours checks our own codes.

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page.getByText('Signed out', { exact: true })).toBeVisible();
}

/** The password, then the second step's form. */
async function passwordStep(page: Page, account: Account) {
  await page.goto('/auth');
  const form = page.getByRole('tabpanel', { name: 'Login' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('form', { name: 'Two-factor authentication' })).toBeVisible();
}

test('enrol with an authenticator, sign in with its code, then with a recovery code once', async ({ page, request }) => {
  test.setTimeout(90_000); // an enrolment and three logins
  const account = await signUpViaApi(request, 'totp');
  await logIn(page, account);

  // A session alone changes nothing: the set-up asks for the current password.
  await page.goto('/dashboard?tab=security');
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(page.getByText('Enter your current password')).toBeVisible();
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(page.getByText('That password is not right.')).toBeVisible();
  await page.getByLabel('Current password').fill(account.password);
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(page.getByRole('img', { name: 'QR code of your authenticator key' })).toBeVisible();
  const secret = (await page.getByTestId('factor-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('Enter the 6-digit code from your authenticator app').fill(oathtool(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();

  const codes = await page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem').allTextContents();
  expect(codes).toHaveLength(10);
  await page.getByRole('button', { name: 'I saved my recovery codes' }).click();
  await expect(page.getByText('Two-factor authentication is on.')).toBeVisible();
  await expect(page.getByText('10 of 10 recovery codes left.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Sessions' }).getByText('This browser')).toBeVisible();

  // Log out, log in with the password and a fresh code from oathtool.
  await logOut(page);
  // A code is never accepted twice: the next login, moments later, takes
  // the next step's code, as from a phone whose clock runs 30 s ahead.
  await passwordStep(page, account);
  await page.getByLabel('Enter the 6-digit code from your authenticator app').fill(oathtool(secret, 30));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page).not.toHaveURL(/\/auth/);

  // A recovery code works once.
  await logOut(page);
  await passwordStep(page, account);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Enter one of your recovery codes').fill(codes[0]);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await page.goto('/dashboard?tab=security');
  await expect(page.getByText('9 of 10 recovery codes left.')).toBeVisible();

  await logOut(page);
  await passwordStep(page, account);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Enter one of your recovery codes').fill(codes[0]);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code is not valid. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});

test.describe('with WATCHWIN_REQUIRE_2FA_FOR_STAFF=true', () => {
  const server = ownServer('staff-2fa', process.env.WATCHWIN_E2E_STAFF_2FA_PORT ?? String(Number(process.env.WATCHWIN_E2E_PORT ?? '18473') + 400), {
    WATCHWIN_REQUIRE_2FA_FOR_STAFF: 'true',
  });

  test('a new clerk enrols through the link mailed to their address, then reaches the counter', async ({ page }) => {
    test.slow(); // a login, a mail through the outbox and an enrolment
    const { email, domain } = mailboxAddress('clerk');
    const clerk = createStaff(server.dataDir, email);

    await page.goto('/auth');
    const form = page.getByRole('tabpanel', { name: 'Login' });
    await form.getByLabel('Email').fill(clerk.email);
    await form.getByLabel('Password', { exact: true }).fill(clerk.password);
    await form.getByRole('button', { name: 'Login' }).click();

    // The password alone does not enrol: the set-up waits for the mailed link.
    await expect(page.getByRole('heading', { level: 1, name: 'Set up two-factor authentication' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Set up two-factor authentication' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Mail me an enrolment link' }).click();
    await expect(page.getByText('Enrolment link sent. Check your inbox: it works for 1 hour.')).toBeVisible();

    const link = await waitForMailLink({ domain, path: '/auth/enrol-second-factor', logFile: serverLogPath(server.dataDir) });
    expect(new URL(link).origin).toBe(server.origin);
    await page.goto(link);
    // The page offers a passkey first; this clerk takes the authenticator app.
    const app = page.getByRole('region', { name: 'Or with an authenticator app' });
    await app.getByLabel('Current password').fill(clerk.password);
    await app.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const secret = (await page.getByTestId('factor-secret').textContent())!.trim();
    await page.getByLabel('Enter the 6-digit code from your authenticator app').fill(oathtool(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await page.getByRole('button', { name: 'I saved my recovery codes' }).click();

    // Enrolled: the session reaches the counter (an unknown code is 404, no longer 403).
    expect((await page.request.get('/api/counter/coupons/LW-AAAA-BBBB-CCCC')).status()).toBe(404);

    // The link worked once.
    await page.goto(link);
    await expect(page.getByText('This account has nothing to set up with this link.')).toBeVisible();
  });
});
