import type { Page } from '@playwright/test';
import { test, expect, createStaff, logIn, signUpViaApi, submitLogIn } from './fixtures';
import { ownServer } from './support/own-server';
import { mailboxAddress, serverLogPath, waitForMailLink } from './support/server-log';
import { tabTo } from './support/wcag';

// Passkeys (docs/api.md#passkeys) with Chromium's own virtual authenticator
// (the DevTools protocol's WebAuthn domain): a platform authenticator that
// keeps discoverable credentials and verifies its user, as a phone or a
// laptop's fingerprint reader does. Passkeys take a domain name, so these
// tests run on their own server at http://localhost (a secure context).

/**
 * Gives the page's browser a fingerprint reader with no passkey yet. Nobody
 * touches it until a step says so (touch): Chromium's virtual authenticator
 * answers a waiting autofill request at once while presence is simulated, as
 * if the person had picked the suggested passkey the moment the page opened.
 */
async function fingerprintReader(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: false,
    },
  });
  const present = (enabled: boolean) => cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled });
  return {
    passkeys: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    /** The person touches the reader whenever the browser asks during step. */
    touch: async (step: () => Promise<void>) => {
      await present(true);
      try {
        await step();
      } finally {
        await present(false);
      }
    },
  };
}
type Reader = Awaited<ReturnType<typeof fingerprintReader>>;

/**
 * Opens path's login form, then loads it again with a finger on the reader: its
 * passkey request waits for the autofill, and the person picks the suggested
 * passkey as soon as it is offered. (Chromium's virtual authenticator picks
 * only for a request that starts while it is touched, and at once: touched
 * from the first load, it would answer a page still on its way to the form.)
 */
async function openAutofill(page: Page, reader: Reader, path: string) {
  await page.goto(path);
  await expect(page.getByRole('tabpanel', { name: 'Login' }).getByLabel('Email')).toBeVisible();
  await reader.touch(async () => {
    const finished = page.waitForResponse((r) => r.url().endsWith('/api/auth/passkey/finish'));
    await page.reload();
    expect((await finished).status()).toBe(200);
  });
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page.getByText('Signed out', { exact: true })).toBeVisible();
}

/** Adds a passkey from the form on the page (the Security tab's, or the enrolment's). */
async function createPasskey(page: Page, reader: Reader, name: string, password: string) {
  const form = page.getByRole('form', { name: 'Add a passkey' });
  await form.getByLabel('Passkey name').fill(name);
  await form.getByLabel('Current password').fill(password);
  await reader.touch(async () => {
    await form.getByRole('button', { name: 'Create passkey' }).click();
    await expect(page.getByText('Passkey added', { exact: true })).toBeVisible();
  });
}

test.describe('passkeys', () => {
  const port = Number(process.env.WATCHWIN_E2E_PORT ?? '18473') + 450;
  const server = ownServer('passkeys', String(port), { WATCHWIN_REQUIRE_2FA_FOR_STAFF: 'true' }, 'localhost');

  test('a customer adds a passkey, signs in with the e-mail field’s autofill and with the button, then removes it', async ({ page, request }) => {
    test.setTimeout(180_000); // a sign-up, three sign-ins and two changes
    const reader = await fingerprintReader(page);
    const account = await signUpViaApi(request, 'passkey');
    await logIn(page, account);

    await page.goto('/dashboard?tab=security');
    await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await createPasskey(page, reader, 'My laptop', account.password);
    const list = page.getByRole('list', { name: 'Your passkeys' });
    await expect(list.getByText('My laptop')).toBeVisible();
    await expect(list.getByText(/never used/)).toBeVisible();
    expect(await reader.passkeys()).toHaveLength(1);
    await logOut(page);

    // Autofill: the e-mail field offers the passkey; choosing it signs in, no password typed.
    await openAutofill(page, reader, '/auth');
    await expect(page.getByText('Welcome back!')).toBeVisible();
    await expect(page).not.toHaveURL(/\/auth/);
    await logOut(page);

    // The button, in a browser whose e-mail field offers no passkeys (conditional mediation unsupported).
    await page.context().addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    });
    // Reached and pressed with the keyboard alone (WCAG 2.1.1, docs/testing.md#wcag-22-aa).
    await page.goto('/auth');
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: 'Sign in with a passkey' }), 'Sign in with a passkey');
    await reader.touch(async () => {
      await page.keyboard.press('Enter');
      await expect(page.getByText('Welcome back!')).toBeVisible();
    });

    // Renaming takes no password; removing does (a passkey sign-in checked none).
    await page.goto('/dashboard?tab=security');
    await list.getByRole('button', { name: 'Rename My laptop' }).click();
    await page.getByLabel('New name').fill('Work laptop');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(list.getByText('Work laptop')).toBeVisible();
    await expect(list.getByText(/last used/)).toBeVisible();
    await list.getByRole('button', { name: 'Remove Work laptop' }).click();
    const removal = page.getByRole('form', { name: 'Remove Work laptop' });
    await removal.getByRole('button', { name: 'Remove passkey' }).click();
    await expect(removal.getByText('Enter your current password to change two-factor authentication.')).toBeVisible();
    await removal.getByLabel('Current password').fill(account.password);
    await removal.getByRole('button', { name: 'Remove passkey' }).click();
    await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
    await logOut(page);

    // The password still signs in.
    await logIn(page, account);
  });

  test('a clerk whose only second factor is a passkey passes the staff requirement and signs in with it at the counter', async ({ page, browser }) => {
    test.setTimeout(180_000); // an enrolment through a mailed link and two sign-ins
    const reader = await fingerprintReader(page);
    const { email, domain } = mailboxAddress('passkey-clerk');
    const clerk = createStaff(server.dataDir, email);
    await submitLogIn(page, clerk);
    await expect(page.getByRole('heading', { level: 1, name: 'Set up two-factor authentication' })).toBeVisible();
    await page.getByRole('button', { name: 'Mail me an enrolment link' }).click();
    await page.goto(await waitForMailLink({ domain, path: '/auth/enrol-second-factor', logFile: serverLogPath(server.dataDir) }));
    await createPasskey(page, reader, 'Counter iPad', clerk.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Set up two-factor authentication' })).toHaveCount(0);
    expect((await page.request.get('/api/counter/coupons/LW-AAAA-BBBB-CCCC')).status()).toBe(404);
    await logOut(page);
    expect(await reader.passkeys()).toHaveLength(1);

    // At the counter's device the e-mail field's autofill offers the passkey, and choosing it opens the counter.
    // (The counter's sign-in redirect loads a new document, which takes the toast away.)
    await openAutofill(page, reader, '/counter');
    await expect(page).toHaveURL(/\/counter/);
    await expect(page.getByRole('tabpanel', { name: 'Login' })).toHaveCount(0);
    expect((await page.request.get('/api/counter/coupons/LW-AAAA-BBBB-CCCC')).status()).toBe(404);

    // On another device (no passkey there) the password alone is refused with the way in.
    const elsewhere = await browser.newContext({ baseURL: server.origin });
    const other = await elsewhere.newPage();
    await other.goto('/auth');
    const form = other.getByRole('tabpanel', { name: 'Login' });
    await form.getByLabel('Email').fill(clerk.email);
    await form.getByLabel('Password', { exact: true }).fill(clerk.password);
    await form.getByRole('button', { name: 'Login' }).click();
    await expect(other.getByText('This account signs in with its passkey: choose Sign in with a passkey.')).toBeVisible();
    await elsewhere.close();
  });
});
