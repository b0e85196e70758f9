import type { Page } from '@playwright/test';
import { test, expect, signUp, signUpViaApi } from './fixtures';
import { ownServer } from './support/own-server';
import { mailboxAddress, serverLogPath, waitForMailLink } from './support/server-log';

// Issue 10: the account e-mails, read from the server's log (no SMTP in tests).

const RESET_SENT = "If an account exists for that email, we've sent a link to reset your password. Check your inbox.";

async function submitLogin(page: Page, email: string, password: string) {
  const form = page.getByRole('tabpanel', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
}

test('a user who forgot the password gets back in with the mailed link', async ({ page, request }) => {
  const { email, domain } = mailboxAddress('sam');
  const account = await signUpViaApi(request, 'sam', email);

  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await page.getByRole('form', { name: 'Forgot password' }).getByLabel('Email Address').fill(account.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText(RESET_SENT)).toBeVisible();

  // An address without an account gets the very same answer.
  await page.goto('/auth/forgot-password');
  await page.getByRole('form', { name: 'Forgot password' }).getByLabel('Email Address').fill(mailboxAddress('nobody').email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText(RESET_SENT)).toBeVisible();

  const link = await waitForMailLink({ domain, path: '/auth/reset-password' });
  expect(new URL(link).origin).toBe(new URL(page.url()).origin);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Set a New Password' })).toBeVisible();
  await page.getByLabel('New Password').fill('brand-new-pw');
  await page.getByLabel('Confirm Password').fill('brand-new-px');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('Confirm Password').fill('brand-new-pw');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password updated', { exact: true })).toBeVisible();
  await expect(page.getByText('Please log in with your new password.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  // The old password no longer works; the new one does.
  await submitLogin(page, account.email, account.password);
  await expect(page.getByText('Error signing in', { exact: true })).toBeVisible();
  await submitLogin(page, account.email, 'brand-new-pw');
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // The link worked once.
  await page.goto(link);
  await page.getByLabel('New Password').fill('another-pw-1');
  await page.getByLabel('Confirm Password').fill('another-pw-1');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByRole('alert')).toContainText('This link is invalid or has expired. Please request a new one.');
  await page.getByRole('link', { name: 'Request a new reset link' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
});

test.describe('with WATCHWIN_REQUIRE_EMAIL_CONFIRMATION=true', () => {
  const server = ownServer('confirm-email', process.env.WATCHWIN_E2E_CONFIRM_PORT ?? '18109', { WATCHWIN_REQUIRE_EMAIL_CONFIRMATION: 'true' });

  test('login waits until the address is confirmed with the mailed link', async ({ page }) => {
    // A long journey (sign-up, two logins, two mails through the outbox): more time than one step.
    test.slow();
    const { email, domain } = mailboxAddress('jo');
    const logFile = serverLogPath(server.dataDir);

    await signUp(page, { firstName: 'Jo', lastName: 'Parker', email, phone: '(630) 555-0142', password: 'secret123' });
    await expect(page.getByText('Please check your email for confirmation.')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');

    // Not yet confirmed: no session, a clear message and a way to get the link again.
    await submitLogin(page, email, 'secret123');
    const login = page.getByRole('tabpanel', { name: 'Login' });
    await expect(login.getByRole('alert')).toContainText(
      'Please confirm your email address before logging in. We can send the link again.',
    );
    await expect(page).toHaveURL(/\/auth$/);
    await login.getByRole('button', { name: 'Resend confirmation email' }).click();
    await expect(login.getByText('Confirmation email sent. Check your inbox.')).toBeVisible();

    // The sign-up mail and the resent one; follow the newest.
    const link = await waitForMailLink({ domain, path: '/auth/confirm-email', count: 2, logFile });
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Email confirmed' })).toBeVisible();
    await page.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await submitLogin(page, email, 'secret123');
    await expect(page.getByText('Welcome back!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    // A used link is dead; the page offers a new one.
    await page.goto(link);
    await expect(page.getByRole('alert')).toContainText('This confirmation link is invalid or has expired.');
    await expect(page.getByRole('button', { name: 'Resend confirmation email' })).toBeVisible();
  });
});
