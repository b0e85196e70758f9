import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import {
  test,
  expect,
  createAdmin,
  createWebinarViaApi,
  logIn,
  logInViaApi,
  registerViaApi,
  signUpViaApi,
} from './fixtures';
import { ownServer } from './support/own-server';

// Authorize.Net as the card gateway (docs/operations.md#authorizenet), with
// the loopback stand-in of internal/testutil/anetserver: its Accept.js
// stand-in is served in place of https://jstest.authorize.net/v1/Accept.js,
// and the card it posts to the sandbox API is routed to the stand-in, so the
// card number goes from the browser to the gateway only. A new user buys a
// coupon, an admin refunds it, and the stand-in saw one charge and one
// refund (a void: the charge had not settled).

const base = Number(process.env.WATCHWIN_E2E_PORT ?? '18700');
const standinPort = String(base + 11);
const standin = `http://127.0.0.1:${standinPort}`;
const serverPort = String(base + 12);

test.describe('Authorize.Net', () => {
  let gateway: ChildProcess | undefined;
  test.beforeAll(async () => {
    const root = resolve(import.meta.dirname, '../..');
    // Its own process group: `go run` starts the stand-in as a child, which
    // must stop with it (afterAll).
    gateway = spawn('go', ['run', './internal/testutil/anetserver/standin', '-addr', `127.0.0.1:${standinPort}`,
      '-webhook', `http://127.0.0.1:${serverPort}/api/webhooks/authorizenet`], { cwd: root, stdio: 'ignore', detached: true });
    await expect.poll(() => fetch(`${standin}/standin/stats`).then((r) => r.ok, () => false), { timeout: 60_000 }).toBe(true);
  });
  test.afterAll(() => {
    if (gateway?.pid) process.kill(-gateway.pid, 'SIGTERM');
  });

  const server = ownServer('authorizenet', serverPort, {
    WATCHWIN_PAYMENT_PROVIDER: 'authorizenet',
    AUTHORIZENET_ENVIRONMENT: 'sandbox',
    AUTHORIZENET_API_LOGIN_ID: 'standin-login',
    AUTHORIZENET_TRANSACTION_KEY: 'standin-transaction-key',
    AUTHORIZENET_CLIENT_KEY: 'standin-client-key',
    AUTHORIZENET_SIGNATURE_KEY: '5A3E4C1F0D9B8A7F6E5D4C3B2A1908F7E6D5C4B3A29180F7E6D5C4B3A2918070',
    AUTHORIZENET_API_URL: `${standin}/xml/v1/request.api`,
  });

  test('a buyer pays through Accept.js and an admin refunds: one charge, one refund at the gateway', async ({ page, request }) => {
    const acceptJs = await (await fetch(`${standin}/v1/Accept.js`)).text();
    await page.route('https://jstest.authorize.net/v1/Accept.js', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: acceptJs }));
    await page.route('https://apitest.authorize.net/xml/v1/request.api', async (route) =>
      route.fulfill({ response: await route.fetch({ url: `${standin}/xml/v1/request.api` }) }));

    const gatewayStats = async () => (await (await fetch(`${standin}/standin/stats`)).json()) as { charges: number; refunds: number };
    const before = await gatewayStats();
    const admin = createAdmin(server.dataDir);
    await logInViaApi(request, admin);
    const webinar = await createWebinarViaApi(request, { display_price: 40, actual_coupon_value_percentage: 120 });
    const user = await signUpViaApi(request);
    await logIn(page, user);
    await registerViaApi(page.request, webinar.id);
    expect((await page.request.post(`/api/webinars/${webinar.id}/registration/watched`)).status()).toBe(200);

    await page.goto(`/webinar/${webinar.id}/coupon`);
    await page.getByRole('region', { name: 'Coupon offer' }).getByRole('button', { name: 'Buy Your Discounted Coupon' }).click();
    const form = page.getByRole('form', { name: 'Card payment' });
    await form.getByLabel('Card number').fill('4111 1111 1111 1111');
    await form.getByLabel('Expiry (MM/YY)').fill('12/34');
    await form.getByLabel('CVC').fill('123');
    await form.getByLabel('CVC').press('Enter');
    await expect(page.getByRole('heading', { name: 'Coupon Activated' })).toBeVisible();

    const coupons = (await (await page.request.get('/api/coupons')).json()) as { coupons: { id: string; status: string }[] };
    expect(coupons.coupons).toHaveLength(1);
    const refund = await request.post(`/api/admin/coupons/${coupons.coupons[0].id}/refund`, { data: {} });
    expect(refund.status(), await refund.text()).toBe(200);

    const after = await gatewayStats();
    expect({ charges: after.charges - before.charges, refunds: after.refunds - before.refunds }).toEqual({ charges: 1, refunds: 1 });
  });
});
