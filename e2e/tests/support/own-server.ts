import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test, expect } from '../fixtures';
import { keepServerLog, serverLogPath } from './server-log';

/**
 * A second bin/watchwin for the tests of one describe block that need a mode
 * the shared server is not in (its env, e.g. WATCHWIN_REQUIRE_2FA_FOR_STAFF),
 * on its own port and SQLite data folder: started before the block, stopped
 * after it, its log kept for the log scan under `name`. Call it inside
 * test.describe; it points the block's baseURL at the server and returns
 * its origin, the binary and the data folder (for `watchwin user add`).
 * host names the site in its origin: 'localhost' for passkeys, which take a
 * domain name, never an IP address (the server still listens on 127.0.0.1).
 */
export function ownServer(name: string, port: string, env: Record<string, string>, host = '127.0.0.1') {
  const origin = `http://${host}:${port}`;
  const ready = `http://127.0.0.1:${port}/readyz`;
  const binary = resolve(import.meta.dirname, '../../../bin/watchwin');
  let dataDir = '';
  let server: ChildProcess | undefined;

  test.use({ baseURL: origin });

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    dataDir = mkdtempSync(join(tmpdir(), `watchwin-e2e-${name}-`));
    const log = openSync(serverLogPath(dataDir), 'a');
    server = spawn(binary, ['serve', '--addr', `127.0.0.1:${port}`, '--data-dir', dataDir], {
      env: { ...process.env, WATCHWIN_DATABASE_URL: '', WATCHWIN_SMTP_URL: '', WATCHWIN_BASE_URL: origin, ...env },
      stdio: ['ignore', log, log],
    });
    closeSync(log);
    const started = server;
    await expect
      .poll(async () => {
        if (started.exitCode !== null) {
          throw new Error(`watchwin exited (${started.exitCode}):\n${readFileSync(serverLogPath(dataDir), 'utf8')}`);
        }
        return fetch(ready).then((r) => r.ok, () => false);
      }, { message: `watchwin on ${origin} ready`, timeout: 30_000 })
      .toBe(true);
    // Ready, and it is ours (not another process that held the port).
    expect(started.exitCode, readFileSync(serverLogPath(dataDir), 'utf8')).toBeNull();
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((done) => server!.once('exit', done));
      server.kill('SIGTERM');
      await exited;
    }
    if (dataDir) {
      keepServerLog(name, readFileSync(serverLogPath(dataDir), 'utf8'));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  return {
    origin,
    binary,
    /** The server's data folder (set once the block's first test runs). */
    get dataDir() {
      return dataDir;
    },
  };
}
