import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, buyCouponViaApi, createAdmin, createWebinarViaApi, logInViaApi, signUpViaApi } from './fixtures';
import { ownServer } from './support/own-server';

// Issue 46: "Add to Apple Wallet" and "Add to Google Wallet" (docs/product.md#wallet-passes).

/** A customer who bought a coupon, signed in in the page's own browser context; `admin` seeds the webinar. */
async function buyer(page: Page, admin: APIRequestContext) {
  const webinar = await createWebinarViaApi(admin);
  const account = await signUpViaApi(page.request, 'wallet');
  await logInViaApi(page.request, account);
  return buyCouponViaApi(page.request, webinar);
}

async function myCoupons(page: Page, code: string) {
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'My Coupons' }).click();
  const card = page.getByRole('article').filter({ hasText: code });
  await expect(card).toBeVisible();
  return card;
}

test('without wallet credentials no page shows a wallet button', async ({ page, request }) => {
  await logInViaApi(request, createAdmin());
  const code = await buyer(page, request);
  const card = await myCoupons(page, code);
  await expect(card.getByRole('button', { name: /Print/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add to Apple Wallet' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add to Google Wallet' })).toHaveCount(0);
});

test.describe('with test wallet credentials', () => {
  const port = Number(process.env.WATCHWIN_E2E_WALLET_PORT ?? '18504');
  const googlePort = port + 1;
  const dir = mkdtempSync(join(tmpdir(), 'watchwin-e2e-wallet-'));
  const passTypeId = 'pass.local.watchwin.e2e';
  const googleCalls: string[] = [];
  let google: Server | undefined;

  // The credentials, made the way docs/operations.md#wallet-passes does with openssl (a test root
  // stands for Apple's), and a stand-in of Google's token endpoint and Wallet API.
  test.beforeAll(async () => {
    const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
    openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Test Root');
    writeFileSync(join(dir, 'ca.ext'), 'basicConstraints=critical,CA:TRUE\nkeyUsage=keyCertSign\n');
    openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'wwdr.key', '-out', 'wwdr.csr', '-subj', '/CN=Test WWDR');
    openssl('x509', '-req', '-in', 'wwdr.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'wwdr.pem', '-days', '2', '-extfile', 'ca.ext');
    openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'pass.key', '-out', 'pass.csr', '-subj', `/CN=Pass Type ID: ${passTypeId}`);
    openssl('x509', '-req', '-in', 'pass.csr', '-CA', 'wwdr.pem', '-CAkey', 'wwdr.key', '-CAcreateserial', '-out', 'pass.pem', '-days', '2');
    openssl('pkcs12', '-export', '-inkey', 'pass.key', '-in', 'pass.pem', '-out', 'pass.p12', '-passout', 'pass:e2e-secret');
    const apns = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    writeFileSync(join(dir, 'apns.p8'), apns.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const sa = generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeFileSync(join(dir, 'google.json'), JSON.stringify({
      type: 'service_account',
      client_email: 'wallet@watchwin-e2e.iam.gserviceaccount.com',
      private_key: sa.privateKey.export({ type: 'pkcs8', format: 'pem' }),
      token_uri: `http://127.0.0.1:${googlePort}/token`,
    }));

    google = createServer((req, res) => {
      res.setHeader('Content-Type', 'application/json');
      if (req.url === '/token') {
        res.end('{"access_token":"e2e","token_type":"Bearer","expires_in":3600}');
        return;
      }
      googleCalls.push(`${req.method} ${req.url}`);
      req.resume();
      res.end('{}');
    });
    await new Promise<void>((done) => google!.listen(googlePort, '127.0.0.1', done));
  });

  const server = ownServer('wallet', String(port), {
    WATCHWIN_APPLE_PASS_TYPE_ID: passTypeId,
    WATCHWIN_APPLE_TEAM_ID: 'TEAME2E001',
    WATCHWIN_APPLE_PASS_CERT: join(dir, 'pass.p12'),
    WATCHWIN_APPLE_PASS_CERT_PASSWORD: 'e2e-secret',
    WATCHWIN_APPLE_WWDR_CERT: join(dir, 'wwdr.pem'),
    WATCHWIN_APNS_KEY: join(dir, 'apns.p8'),
    WATCHWIN_APNS_KEY_ID: 'APNSE2E001',
    WATCHWIN_GOOGLE_WALLET_ISSUER_ID: '3388000000099999999',
    WATCHWIN_GOOGLE_WALLET_KEY: join(dir, 'google.json'),
    WATCHWIN_GOOGLE_WALLET_API_URL: `http://127.0.0.1:${googlePort}/walletobjects/v1`,
  });

  test.afterAll(async () => {
    await new Promise((done) => (google ? google.close(done) : done(undefined)));
    rmSync(dir, { recursive: true, force: true });
  });

  test('a buyer adds the coupon to Apple Wallet and Google Wallet', async ({ page, request }) => {
    await logInViaApi(request, createAdmin(server.dataDir));
    const code = await buyer(page, request);
    const card = await myCoupons(page, code);

    // Apple: the pass downloads as a .pkpass of the wallet's media type.
    const apple = card.getByRole('link', { name: 'Add to Apple Wallet' });
    await expect(apple).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), apple.click()]);
    expect(download.suggestedFilename()).toBe('coupon.pkpass');
    const pass = await page.request.get((await apple.getAttribute('href'))!);
    expect(pass.status()).toBe(200);
    expect(pass.headers()['content-type']).toBe('application/vnd.apple.pkpass');
    expect((await pass.body()).subarray(0, 2).toString()).toBe('PK'); // a zip

    // Google: one tap opens Google's save page with the signed JWT.
    await page.route('https://pay.google.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Google Wallet</h1>' }));
    await card.getByRole('button', { name: 'Add to Google Wallet' }).click();
    await expect(page).toHaveURL(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(googleCalls).toEqual(['POST /walletobjects/v1/giftCardClass', 'POST /walletobjects/v1/giftCardObject']);
  });
});
