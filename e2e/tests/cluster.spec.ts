import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test, expect, createWebinarViaApi, fillTestCard, logInViaApi, signUp, uniqueEmail, useYouTubeStandIn, type SeededWebinar } from './fixtures';
import { keepServerLog } from './support/server-log';

// Issue 13: a short journey on a cluster of two instances of bin/watchwin on
// one PostgreSQL database, through a round-robin proxy, so consecutive
// requests of one browser land on different instances
// (cmd/watchwin-cluster starts them). It needs WATCHWIN_TEST_DATABASE_URL,
// which CI always sets.

const databaseURL = process.env.WATCHWIN_TEST_DATABASE_URL ?? '';
const port = process.env.WATCHWIN_E2E_CLUSTER_PORT ?? String(Number(process.env.WATCHWIN_E2E_PORT ?? '18473') + 500);
const origin = `http://127.0.0.1:${port}`;
const repo = resolve(import.meta.dirname, '../..');
const admin = { email: uniqueEmail('cluster-admin'), password: 'admin-secret-1', firstName: 'Ada', lastName: 'Admin' };

test.describe('two instances behind a round-robin proxy', () => {
  test.skip(!databaseURL && process.env.CI !== 'true', 'WATCHWIN_TEST_DATABASE_URL is not set: the cluster journey needs PostgreSQL');
  test.use({ baseURL: origin });

  let launcher: ChildProcess | undefined;
  let buildDir = '';
  let log = '';

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    expect(databaseURL, 'CI runs the cluster journey on PostgreSQL: set WATCHWIN_TEST_DATABASE_URL').not.toBe('');
    buildDir = mkdtempSync(join(tmpdir(), 'watchwin-cluster-e2e-'));
    const bin = join(buildDir, 'watchwin-cluster');
    execFileSync('go', ['build', '-o', bin, './cmd/watchwin-cluster'], { cwd: repo, stdio: 'inherit' });
    launcher = spawn(bin, [
      '--bin', join(repo, 'bin/watchwin'), '--database-url', databaseURL, '--addr', `127.0.0.1:${port}`,
      '--admin-email', admin.email, '--admin-password', admin.password,
    ], { stdio: ['ignore', 'pipe', 'pipe'] });
    launcher.stdout!.on('data', (b: Buffer) => (log += b.toString()));
    launcher.stderr!.on('data', (b: Buffer) => (log += b.toString()));
    const started = launcher;
    await expect
      .poll(() => {
        if (started.exitCode !== null) throw new Error(`watchwin-cluster exited (${started.exitCode}):\n${log}`);
        return log.includes('ready: ');
      }, { message: `cluster on ${origin} ready`, timeout: 90_000 })
      .toBe(true);
  });

  test.afterAll(async () => {
    if (launcher && launcher.exitCode === null) {
      const exited = new Promise((done) => launcher!.once('exit', done));
      launcher.kill('SIGTERM');
      await exited;
    }
    if (log) keepServerLog('cluster', log);
    if (buildDir) rmSync(buildDir, { recursive: true, force: true });
  });

  test('sign up, log in, register, buy with the test card and see the coupon, across both instances', async ({ page, request }) => {
    await logInViaApi(request, admin);
    const webinar: SeededWebinar = await createWebinarViaApi(request);
    const instances = new Set<string>();
    page.on('response', (res) => {
      const which = res.headers()['x-watchwin-instance'];
      if (which !== undefined && new URL(res.url()).pathname.startsWith('/api/')) instances.add(which);
    });
    await useYouTubeStandIn(page);

    const email = uniqueEmail('cluster');
    await signUp(page, { firstName: 'Sam', lastName: 'Carter', email, phone: '(630) 555-0123', password: 'secret123' });

    const login = page.getByRole('tabpanel', { name: 'Login' });
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password', { exact: true }).fill('secret123');
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Welcome back!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/webinars');
    await page.getByRole('article', { name: webinar.title }).getByRole('button', { name: 'Reserve Spot' }).click();
    const dialog = page.getByRole('dialog', { name: 'Register for Webinar' });
    await expect(dialog.getByLabel('Email Address')).toHaveValue(email);
    await dialog.getByRole('button', { name: 'Confirm Registration' }).click();
    await expect(page.getByText('Registration successful!', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/webinar/${webinar.id}/watch$`));
    // Watching to the end is the watch journey's subject (watch.spec.ts); here the API records it.
    const watched = await page.request.post(`/api/webinars/${webinar.id}/registration/watched`);
    expect(watched.status(), await watched.text()).toBe(200);

    await page.goto(`/webinar/${webinar.id}/coupon`);
    await page.getByRole('region', { name: 'Coupon offer' }).getByRole('button', { name: 'Buy Your Discounted Coupon' }).click();
    const form = await fillTestCard(page);
    await form.getByRole('button', { name: 'Pay $40.00' }).click();
    await expect(page.getByRole('heading', { name: 'Coupon Activated' })).toBeVisible();
    await expect(page.getByRole('article', { name: /^Coupon LW-/ })).toContainText(/LW-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/);

    // The session, the registration and the payment held across instances.
    expect([...instances].sort()).toEqual(['0', '1']);
  });
});
