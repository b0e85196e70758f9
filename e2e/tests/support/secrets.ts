import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The personal data and secrets the e2e run types or sends — e-mail addresses,
 * passwords, card numbers — recorded to a file in the run's data folder, so the
 * global teardown (log-scan-teardown.ts) can check that the server's log
 * (server.log, written by the webServer command) holds none of them.
 */
export type SecretKind = 'email' | 'password' | 'card';
export type Secret = { kind: SecretKind; value: string };

/** The test provider's card numbers (internal/payment/testprovider.go): always scanned for. */
export const testCards = ['4242424242424242', '4000000000000002', '4000000000009995', '4000000000000069'];

function secretsFile(): string {
  return join(process.env.WATCHWIN_E2E_DATA!, 'secrets.jsonl');
}

/** Records values of one kind (empty and very short ones are skipped: they would match anything). */
export function recordSecret(kind: SecretKind, ...values: (string | undefined)[]) {
  const lines = values
    .filter((v): v is string => typeof v === 'string' && v.trim().length >= 6)
    .map((value) => JSON.stringify({ kind, value } satisfies Secret) + '\n');
  if (lines.length > 0) appendFileSync(secretsFile(), lines.join(''));
}

/** The JSON fields of a request body whose values are recorded, by kind. */
const secretFields: Record<string, SecretKind> = {
  email: 'email',
  password: 'password',
  confirmPassword: 'password',
  newPassword: 'password',
  card_number: 'card',
};

/** Records the secret fields of a JSON request body (any other body is ignored). */
export function recordRequestBody(body: string | null) {
  if (!body) return;
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return;
  }
  if (typeof data !== 'object' || data === null) return;
  for (const [key, value] of Object.entries(data)) {
    const kind = secretFields[key];
    if (kind && typeof value === 'string') recordSecret(kind, value);
  }
}

/** Every secret recorded in this run, plus the test cards. */
export function recordedSecrets(): Secret[] {
  const file = secretsFile();
  const recorded = existsSync(file)
    ? readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Secret)
    : [];
  return [...recorded, ...testCards.map((value) => ({ kind: 'card' as const, value }))];
}

/** The spellings of a secret a log line might carry. */
function spellings(s: Secret): string[] {
  const forms = new Set([s.value, encodeURIComponent(s.value), JSON.stringify(s.value).slice(1, -1)]);
  if (s.kind === 'card') {
    const digits = s.value.replace(/\D/g, '');
    forms.add(digits);
    forms.add(digits.replace(/(\d{4})(?=\d)/g, '$1 '));
    forms.add(digits.replace(/(\d{4})(?=\d)/g, '$1-'));
  }
  return [...forms];
}

export type Leak = { kind: SecretKind; line: number; excerpt: string };

/**
 * Finds every log line that holds one of the secrets (case-insensitively,
 * e-mails and passwords as typed or URL/JSON-encoded, card numbers with or
 * without spaces or dashes). The excerpt masks the secret itself.
 */
export function scanLog(log: string, secrets: Secret[]): Leak[] {
  const needles = [...new Map(secrets.flatMap((s) => spellings(s).map((f) => [f.toLowerCase(), s.kind] as const)))];
  const leaks: Leak[] = [];
  log.split('\n').forEach((text, i) => {
    const lower = text.toLowerCase();
    for (const [needle, kind] of needles) {
      const at = lower.indexOf(needle);
      if (at < 0) continue;
      const excerpt = text.slice(Math.max(0, at - 60), at) + `<${kind}>` + text.slice(at + needle.length, at + needle.length + 60);
      leaks.push({ kind, line: i + 1, excerpt });
    }
  });
  return leaks;
}
