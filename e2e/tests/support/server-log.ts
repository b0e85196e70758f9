import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect } from '@playwright/test';

/**
 * The mails a watchwin server without SMTP writes to its log, read back by the
 * tests. playwright.config.ts sends the server's log to server.log in its data
 * folder; account-email.spec.ts does the same for the server it starts.
 *
 * A logged mail is one slog text line:
 *   … msg="mail not sent: no smtp configured, logged instead" mail_id=7
 *     to_domain=r1a2b3c4d5.example.com subject="…" text="…\nhttp://…/auth/reset-password?token=…\n…"
 * Only the recipient's domain is logged, so a test that reads a mail gives its
 * user an address of its own domain (mailboxAddress).
 */

export function serverLogPath(dataDir = process.env.WATCHWIN_E2E_DATA): string {
  if (!dataDir) throw new Error('WATCHWIN_E2E_DATA is not set (playwright.config.ts sets it)');
  return join(dataDir, 'server.log');
}

/** The folder where the logs of servers that specs start themselves are kept for the log scan. */
export function otherServerLogsDir(): string {
  return join(process.env.WATCHWIN_E2E_DATA!, 'servers');
}

/**
 * Keeps the log of a server a spec started itself (the confirmation-mode
 * server, the cluster) under `name`, so the global log scan reads it too.
 */
export function keepServerLog(name: string, log: string) {
  mkdirSync(otherServerLogsDir(), { recursive: true });
  writeFileSync(join(otherServerLogsDir(), `${name}.log`), log);
}

/** An address on a domain no other test uses, so its mails can be told apart in the log. */
export function mailboxAddress(prefix = 'user'): { email: string; domain: string } {
  const domain = `r${randomBytes(5).toString('hex')}.example.com`;
  return { email: `${prefix}@${domain}`, domain };
}

const loggedMail = /msg="mail not sent: no smtp configured[^"]*"/;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The links to `path` (e.g. '/auth/reset-password') in the logged mails to `domain`, oldest first:
 * with a `?token=…`, unless `token` is false (a plain link such as an offer's page).
 */
export function mailLinks(logFile: string, domain: string, path: string, token = true): string[] {
  let log: string;
  try {
    log = readFileSync(logFile, 'utf8');
  } catch {
    return [];
  }
  const toDomain = new RegExp(`\\bto_domain=${escapeRegExp(domain.toLowerCase())}(\\s|$)`);
  // The link ends where the quoted, escaped text does: at a space, a quote, a backslash (\n) or '>'.
  const link = new RegExp(`https?://[^\\s"\\\\<>]+${escapeRegExp(path)}${token ? '\\?token=[^\\s"\\\\<>&]+' : ''}`);
  const links: string[] = [];
  for (const line of log.split('\n')) {
    if (!loggedMail.test(line) || !toDomain.test(line)) continue;
    const found = line.match(link);
    if (found) links.push(found[0]);
  }
  return links;
}

/**
 * Waits (polling the log; the outbox worker sends in the background) until at
 * least `count` mails to `domain` carry a link to `path`, and returns the link
 * of the newest one.
 */
export async function waitForMailLink(
  { domain, path, count = 1, logFile = serverLogPath(), timeout = 15_000, token = true }:
  { domain: string; path: string; count?: number; logFile?: string; timeout?: number; token?: boolean },
): Promise<string> {
  let links: string[] = [];
  await expect
    .poll(() => (links = mailLinks(logFile, domain, path, token)).length, {
      message: `a mail to @${domain} with a link to ${path} in ${logFile}`,
      timeout,
    })
    .toBeGreaterThanOrEqual(count);
  return links[links.length - 1];
}
