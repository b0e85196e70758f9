import { test, expect } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import scanServerLog from './support/log-scan-teardown';
import { recordRequestBody, recordSecret, recordedSecrets, scanLog, type Secret } from './support/secrets';
import { keepServerLog } from './support/server-log';

// The scanner the global teardown runs on the server's log (issue 11, item 6):
// proof that it would catch a leak. No browser, no server.

const secrets: Secret[] = [
  { kind: 'email', value: 'buyer-0a1b2c3d4e@example.com' },
  { kind: 'password', value: 'secret "123"' },
  { kind: 'card', value: '4242 4242 4242 4242' },
];

test('the log scanner finds a leaked e-mail, password or card number in any spelling', () => {
  const clean = [
    'time=2026-11-22T15:00:00Z level=INFO msg="watchwin listening" url=http://127.0.0.1:1',
    'time=2026-11-22T15:00:01Z level=INFO msg=request method=POST path=/api/auth/login status=200',
    'time=2026-11-22T15:00:02Z level=INFO msg="mail not sent" to_domain=example.com subject="Your coupon LW-AB…"',
  ].join('\n');
  expect(scanLog(clean, secrets)).toEqual([]);

  for (const [line, kind] of [
    ['msg="login failed" email=Buyer-0A1B2C3D4E@Example.com', 'email'],
    ['msg=request path=/api/x?email=buyer-0a1b2c3d4e%40example.com', 'email'],
    ['{"msg":"body","password":"secret \\"123\\""}', 'password'],
    ['msg=payment card=4242424242424242', 'card'],
    ['msg=payment card="4242 4242 4242 4242"', 'card'],
    ['msg=payment card=4242-4242-4242-4242', 'card'],
  ] as const) {
    const leaks = scanLog(`${clean}\n${line}`, secrets);
    expect(leaks.map((l) => [l.kind, l.line]), line).toContainEqual([kind, 4]);
    expect(leaks.every((l) => !l.excerpt.toLowerCase().includes('0a1b2c3d4e@'))).toBe(true); // the report masks it
  }
});

test('the teardown fails the run on a leak and passes a clean log', () => {
  const saved = process.env.WATCHWIN_E2E_DATA;
  const dir = mkdtempSync(join(tmpdir(), 'watchwin-log-scan-'));
  process.env.WATCHWIN_E2E_DATA = dir;
  try {
    recordSecret('email', 'typed-9f8e7d@example.com');
    recordRequestBody(JSON.stringify({ email: 'form-1234@example.com', newPassword: 'brand-new-1', name: 'Sam Carter' }));
    recordSecret('password', 'abc'); // too short to scan for: skipped
    expect(recordedSecrets().map((s) => s.value)).toEqual(
      expect.arrayContaining(['typed-9f8e7d@example.com', 'form-1234@example.com', 'brand-new-1', '4242424242424242']),
    );
    expect(recordedSecrets().map((s) => s.value)).not.toContain('abc');
    expect(recordedSecrets().map((s) => s.value)).not.toContain('Sam Carter');

    expect(() => scanServerLog()).toThrow(/server.log is missing/);
    writeFileSync(join(dir, 'server.log'), 'level=INFO msg="watchwin listening"\nlevel=INFO msg=request status=200\n');
    expect(() => scanServerLog()).not.toThrow();
    // The log of a server a spec started itself is scanned too.
    keepServerLog('own-server', 'level=INFO msg="watchwin listening"\nlevel=WARN msg=paid card=4242424242424242\n');
    expect(() => scanServerLog()).toThrow(/servers\/own-server.log:2: card/);
    rmSync(join(dir, 'servers'), { recursive: true });
    writeFileSync(join(dir, 'server.log'), 'level=INFO msg="watchwin listening"\nlevel=WARN msg="login" user=form-1234@example.com\n', { flag: 'a' });
    expect(() => scanServerLog()).toThrow(/server.log:4: email/);
  } finally {
    process.env.WATCHWIN_E2E_DATA = saved;
  }
});
