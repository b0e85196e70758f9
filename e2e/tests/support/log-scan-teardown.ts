import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { recordedSecrets, scanLog } from './secrets';

/**
 * Global teardown (issue 11, item 6): the server's log of the whole run must
 * hold none of the e-mail addresses, passwords and card numbers the tests
 * typed or sent. Fails the run, naming the lines, if it does.
 */
export default function scanServerLog() {
  const dir = process.env.WATCHWIN_E2E_DATA!;
  const logFile = join(dir, 'server.log');
  if (!existsSync(logFile)) throw new Error(`log scan: ${logFile} is missing; the webServer command must write it`);
  const log = readFileSync(logFile, 'utf8');
  if (!log.includes('watchwin listening')) throw new Error(`log scan: ${logFile} does not hold the server's log`);
  const secrets = recordedSecrets();
  const leaks = scanLog(log, secrets);
  if (leaks.length > 0) {
    const lines = leaks.slice(0, 20).map((l) => `  server.log:${l.line}: ${l.kind}: …${l.excerpt}…`);
    throw new Error(`log scan: the server logged personal data or secrets from the tests (${leaks.length} finding(s)):\n${lines.join('\n')}`);
  }
  console.log(`log scan: clean (${log.split('\n').length} lines checked against ${secrets.length} recorded test values)`);
}
