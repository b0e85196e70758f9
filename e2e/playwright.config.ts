import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// One server for the whole run, on a fresh data folder (a new SQLite database).
// Workers inherit the environment, so fixtures find the same folder.
process.env.WATCHWIN_E2E_DATA ??= mkdtempSync(join(tmpdir(), 'watchwin-e2e-'));
const port = process.env.WATCHWIN_E2E_PORT ?? '18473';
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './tests',
  // Fails the run if the server logged any e-mail, password or card number the tests used.
  globalTeardown: './tests/support/log-scan-teardown.ts',
  // Spec files run two at a time (the tests of one file in order, on one worker);
  // settings.spec.ts changes the whole site's look, so it runs alone, after the rest.
  fullyParallel: false,
  workers: 2,
  projects: [
    { name: 'main', testIgnore: /settings\.spec\.ts$/ },
    { name: 'site-settings', testMatch: /settings\.spec\.ts$/, dependencies: ['main'] },
  ],
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  outputDir: './test-results',
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium; Playwright never downloads a browser here.
      executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync',
      ],
    },
  },
  webServer: {
    // The server's whole log goes to server.log in the data folder: tests read the
    // mails it logs (no SMTP here) through support/server-log.ts, and the global
    // teardown scans it for the tests' e-mails, passwords and card numbers.
    command: `sh -c 'exec ../bin/watchwin serve --addr 127.0.0.1:${port} --data-dir "${process.env.WATCHWIN_E2E_DATA}" >>"${process.env.WATCHWIN_E2E_DATA}/server.log" 2>&1'`,
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // All test traffic comes from 127.0.0.1. Trusting it as a proxy lets the API
    // fixtures name a client address per seeded account (X-Forwarded-For), so the
    // per-address sign-up and login limits see many clients, not one.
    // No SMTP: mails are logged with their links (loopback base URL), and login
    // does not wait for the confirmation link (tests/account-email.spec.ts
    // starts its own server for that mode).
    env: {
      WATCHWIN_DATABASE_URL: '',
      WATCHWIN_TRUSTED_PROXIES: '127.0.0.1',
      WATCHWIN_SMTP_URL: '',
      WATCHWIN_BASE_URL: baseURL,
      WATCHWIN_REQUIRE_EMAIL_CONFIRMATION: 'false',
      // The periodic jobs every 3 s instead of every minute, so a giveaway's
      // short draw deadline is drawn within seconds (tests/giveaway.spec.ts).
      WATCHWIN_JOB_INTERVAL: '3s',
    },
  },
});
