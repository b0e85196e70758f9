import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { recordedSecrets, scanLog } from './secrets';
import { otherServerLogsDir } from './server-log';

/**
 * Global teardown (issue 11, item 6): the server's log of the whole run, and
 * the logs of the servers specs started themselves (support/server-log.ts,
 * keepServerLog), must hold none of the e-mail addresses, passwords and card
 * numbers the tests typed or sent. Fails the run, naming the lines, if any does.
 */
export default function scanServerLog() {
  const dir = process.env.WATCHWIN_E2E_DATA!;
  const logFile = join(dir, 'server.log');
  if (!existsSync(logFile)) throw new Error(`log scan: ${logFile} is missing; the webServer command must write it`);
  const main = readFileSync(logFile, 'utf8');
  if (!main.includes('watchwin listening')) throw new Error(`log scan: ${logFile} does not hold the server's log`);
  const logs = [{ name: 'server.log', text: main }];
  const others = otherServerLogsDir();
  if (existsSync(others)) {
    for (const name of readdirSync(others).filter((n) => n.endsWith('.log')).sort()) {
      logs.push({ name: `servers/${name}`, text: readFileSync(join(others, name), 'utf8') });
    }
  }
  const secrets = recordedSecrets();
  const leaks = logs.flatMap(({ name, text }) => scanLog(text, secrets).map((l) => ({ name, ...l })));
  if (leaks.length > 0) {
    const lines = leaks.slice(0, 20).map((l) => `  ${l.name}:${l.line}: ${l.kind}: …${l.excerpt}…`);
    throw new Error(`log scan: the server logged personal data or secrets from the tests (${leaks.length} finding(s)):\n${lines.join('\n')}`);
  }
  const lineCount = logs.reduce((n, { text }) => n + text.split('\n').length, 0);
  console.log(`log scan: clean (${logs.length} log(s), ${lineCount} lines checked against ${secrets.length} recorded test values)`);
}
