import { createHash } from 'node:crypto';
import { test, expect, createAdmin, createCustomer, createWebinarViaApi, logInViaApi, nextClientAddress } from './fixtures';

// Draws anyone can check (docs/product.md#giveaway): the webinar's
// commitment is public before any entry; after the draw its public page
// reveals the seed, and a person checks every value with the commands the
// page prints. Here Node's crypto runs each command as the page writes it.

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

test("anyone checks a finished draw with sha256 the way its page says", async ({ page, request, playwright }, testInfo) => {
  test.setTimeout(180_000); // three sign-ins and a wait for the periodic job (every 3 s here)
  await logInViaApi(request, createAdmin());
  const webinar = await createWebinarViaApi(request, { total_seats: 20 });

  // The commitment is published from the webinar's creation, before any entry; the seed is not.
  const before = (await (await request.get(`/api/webinars/${webinar.id}/giveaway`)).json()).giveaway;
  expect(before.commitment).toMatch(/^[0-9a-f]{64}$/);
  expect(before.seed).toBeNull();
  const commitment: string = before.commitment;

  for (const prefix of ['check-a', 'check-b', 'check-c']) {
    const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    await logInViaApi(api, createCustomer(prefix));
    const entered = await api.post(`/api/webinars/${webinar.id}/giveaway/entries`, {
      data: { eligible: true, accept_rules: true, show_name: false },
      headers: { 'X-Forwarded-For': nextClientAddress() },
    });
    expect(entered.status(), await entered.text()).toBe(201);
    await api.dispose();
  }
  const soon = new Date(Date.now() + 1_000).toISOString();
  const moved = await request.put(`/api/admin/webinars/${webinar.id}/giveaway`, { data: { draws_at: soon } });
  expect(moved.status(), await moved.text()).toBe(200);
  let drawId = '';
  await expect(async () => {
    const g = (await (await request.get(`/api/webinars/${webinar.id}/giveaway`)).json()).giveaway;
    expect(g.draws).toHaveLength(1);
    drawId = g.draws[0].id;
  }).toPass({ timeout: 90_000 });

  // From the official rules to the draw's own page.
  await page.goto('/giveaway-rules');
  await page.getByRole('list', { name: `Draws for ${webinar.title}` }).getByRole('link', { name: 'Check this draw' }).click();
  await expect(page).toHaveURL(new RegExp(`/giveaway/draws/${drawId}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Giveaway draw: ${webinar.title}` })).toBeVisible();
  const value = (term: string) => page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]').innerText();
  const shown = {
    entries: Number(await value('Entries')),
    listHash: await value('Entry-list SHA-256'),
    commitment: await value('Commitment'),
    seed: await value('Seed'),
    index: Number(await value("Winner's index")),
    entry: await value('Winning entry'),
  };
  expect(shown.entries).toBe(3);
  expect(shown.commitment).toBe(commitment); // the one published before the first entry

  // The entry list, downloaded from the page's link.
  const href = await page.getByRole('link', { name: 'Download the entry list' }).getAttribute('href');
  const listed = await page.request.get(href!);
  expect(listed.status()).toBe(200);
  const list = await listed.body();
  const lines = list.toString('utf8').split('\n').slice(0, -1);
  expect(lines).toHaveLength(3);

  const commands = await page.getByRole('region', { name: 'How to check this draw' }).getByRole('listitem').locator('code').allInnerTexts();
  expect(commands).toHaveLength(5);
  const file = `giveaway-entries-${drawId}.txt`;

  // 1. sha256sum of the file is the entry-list SHA-256.
  expect(commands[0]).toBe(`sha256sum ${file}`);
  expect(sha256(list)).toBe(shown.listHash);
  // 2. printf '%s' SEED | sha256sum is the commitment.
  const seedCmd = commands[1].match(/^printf '%s' ([0-9a-f]{64}) \| sha256sum$/);
  expect(seedCmd?.[1]).toBe(shown.seed);
  expect(sha256(seedCmd![1])).toBe(commitment);
  // 3. printf '%s' SEED:HASH:COUNTER | sha256sum is the draw's number.
  const digestCmd = commands[2].match(/^printf '%s' (\S+) \| sha256sum$/);
  expect(digestCmd?.[1].startsWith(`${shown.seed}:${shown.listHash}:`)).toBe(true);
  const digest = sha256(digestCmd![1]);
  // 4. That number modulo the count (bc reads both in hexadecimal) is the winner's index.
  const bc = commands[3].match(/^echo "ibase=16; \$\(printf '%s' (\S+) \| sha256sum \| cut -c1-64 \| tr a-f A-F\) % ([0-9A-F]+)" \| bc$/);
  expect(bc?.[1]).toBe(digestCmd![1]);
  expect(BigInt(`0x${bc![2]}`)).toBe(BigInt(shown.entries));
  expect(Number(BigInt(`0x${digest}`) % BigInt(`0x${bc![2]}`))).toBe(shown.index);
  // 5. sed -n 'Np' prints the winning entry: line index + 1.
  const sed = commands[4].match(/^sed -n '(\d+)p' (\S+)$/);
  expect(sed?.[2]).toBe(file);
  expect(lines[Number(sed![1]) - 1]).toBe(shown.entry);
  expect(Number(sed![1])).toBe(shown.index + 1);
});
