import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  test,
  expect,
  createAdmin,
  createWebinarViaApi,
  logIn,
  logInViaApi,
  registerViaApi,
  signUpViaApi,
  useYouTubeStandIn,
  youTubeStandInReady,
  youTubeStandInTime,
  type Account,
} from './fixtures';
import { ownServer } from './support/own-server';

// Issue 48: bring viewers back honestly. Resume where they stopped
// (docs/product.md#resume) and the store's cards in the video
// (docs/product.md#cards-in-the-video), tried as a viewer and an admin would.
// The YouTube stand-in plays the video (support/youtube-stand-in.js).

const drive = (page: Page, fn: string, arg?: number) =>
  page.evaluate(([f, a]) => {
    const s = (window as unknown as { __ytStandIn: Record<string, (x?: number) => void> }).__ytStandIn;
    s[f as string](a as number | undefined);
  }, [fn, arg] as const);

test.describe('resume, with WATCHWIN_TEST_CLOCK=true', () => {
  // The server credits watching no faster than twice the time that passes: the test clock
  // gives a stretch's time without waiting for it.
  const server = ownServer('resume', process.env.WATCHWIN_E2E_RESUME_PORT ?? '18621', { WATCHWIN_TEST_CLOCK: 'true' });
  let admin: Account;
  test.beforeAll(() => {
    admin = createAdmin(server.dataDir);
  });

  test('a viewer who stopped at 40 % comes back and resumes there, and a watch link with ?t= starts there', async ({ page, request }) => {
    await logInViaApi(request, admin);
    const webinar = await createWebinarViaApi(request, { video_length_seconds: 120 });
    const viewer = await signUpViaApi(page.request);
    await useYouTubeStandIn(page);
    await logIn(page, viewer);
    await registerViaApi(page.request, webinar.id);

    // Last time: the page reported playing from the start to 0:48 (40 %), then the viewer left.
    const progress = `/api/webinars/${webinar.id}/registration/progress`;
    expect((await page.request.post(progress, { data: { intervals: [] } })).status()).toBe(200);
    expect((await request.post('/api/test/clock', { data: { advance: '30s' } })).status()).toBe(200);
    const stopped = await page.request.post(progress, { data: { intervals: [[0, 48]] } });
    expect(((await stopped.json()) as { progress: { resume_seconds: number } }).progress.resume_seconds).toBe(48);

    // Coming back: the page offers to resume at the server's point, and goes there playing.
    await page.goto(`/webinar/${webinar.id}/watch`);
    await youTubeStandInReady(page);
    await expect(page.getByText('You stopped at 0:48 last time.')).toBeVisible();
    expect(await youTubeStandInTime(page)).toBe(0);
    await page.getByRole('button', { name: 'Resume at 0:48' }).click();
    await expect.poll(() => youTubeStandInTime(page)).toBe(48);
    await expect(page.locator('section[data-state="playing"]')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resume at 0:48' })).toHaveCount(0);

    // The link a follow-up mail carries (registration.WatchPath) starts there at once.
    await page.goto(`/webinar/${webinar.id}/watch?t=48`);
    await youTubeStandInReady(page);
    expect(await youTubeStandInTime(page)).toBe(48);
    await expect(page.getByRole('button', { name: /Resume at/ })).toHaveCount(0);
  });
});

test('the admin places a card; it appears at its second, is announced, its link works and its click is counted', async ({
  page,
  browser,
}) => {
  const admin = createAdmin();
  await logIn(page, admin);
  const webinar = await createWebinarViaApi(page.request, { video_length_seconds: 120 });

  // The admin places two cards on the timeline; an overlapping one is refused on its field.
  await page.goto('/admin/webinars');
  await page.getByRole('button', { name: `Cards in the video of ${webinar.title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Cards in the video' });
  await expect(dialog.getByText('No cards yet.')).toBeVisible();
  await dialog.getByLabel('Start (seconds into the video)').fill('10');
  await dialog.getByLabel('Duration (seconds)').fill('8');
  await dialog.getByLabel('Title').fill('See this holster at the counter');
  await dialog.getByLabel('One line (optional)').fill('Aisle 3, next to the register');
  await dialog.getByRole('radio', { name: 'Link to a page' }).check();
  await dialog.getByLabel('Link', { exact: true }).fill('/webinars');
  await dialog.getByRole('button', { name: 'Add card' }).click();
  const cards = dialog.getByRole('table', { name: 'Cards of this webinar and their clicks' });
  await expect(cards.getByRole('row', { name: /See this holster at the counter/ })).toContainText('0:10–0:18');

  await dialog.getByLabel('Start (seconds into the video)').fill('15');
  await dialog.getByLabel('Title').fill('Ask us about this');
  await dialog.getByRole('button', { name: 'Add card' }).click();
  await expect(dialog.getByLabel('Start (seconds into the video)')).toHaveAccessibleDescription(
    /would share seconds with "See this holster at the counter" \(0:10 to 0:18\)/,
  );
  await dialog.getByLabel('Start (seconds into the video)').fill('18');
  await dialog.getByRole('button', { name: 'Add card' }).click();
  await expect(cards.getByRole('row', { name: /Ask us about this/ })).toContainText('0:18–0:28');

  // A viewer plays the video: nothing at 0:06, the card at 0:12 with its line, announced politely.
  const viewer = await (await browser.newContext()).newPage();
  await useYouTubeStandIn(viewer);
  await logIn(viewer, await signUpViaApi(viewer.request));
  await registerViaApi(viewer.request, webinar.id);
  await viewer.goto(`/webinar/${webinar.id}/watch`);
  await youTubeStandInReady(viewer);
  await drive(viewer, 'setDuration', 120);
  await drive(viewer, 'progressTo', 5); // 0:06
  await expect(viewer.locator('section[data-state="playing"]')).toBeVisible();
  await expect(viewer.getByRole('group', { name: /^Card:/ })).toHaveCount(0);
  await drive(viewer, 'progressTo', 10); // 0:12
  const card = viewer.getByRole('group', { name: 'Card: See this holster at the counter' });
  await expect(card).toContainText('Aisle 3, next to the register');
  await expect(viewer.locator('[aria-live="polite"]').filter({ hasText: 'Card: See this holster' })).toHaveText(
    'Card: See this holster at the counter. Aisle 3, next to the register',
  );

  // Its link, reached from the keyboard, opens the store page in a new tab.
  const link = card.getByRole('link', { name: /See it on our site/ });
  const box = await link.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(24);
  await link.focus();
  await expect(link).toBeFocused();
  const [storePage] = await Promise.all([viewer.context().waitForEvent('page'), viewer.keyboard.press('Enter')]);
  await storePage.waitForLoadState();
  expect(new URL(storePage.url()).pathname).toBe('/webinars');
  await storePage.close();

  // The next card follows at 0:20; the admin sees the click counted.
  await drive(viewer, 'progressTo', 17); // 0:20.4
  await expect(viewer.getByRole('group', { name: 'Card: Ask us about this' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: `Cards in the video of ${webinar.title}` }).click();
  await expect(cards.getByRole('row', { name: /See this holster at the counter/ }).getByRole('cell').nth(2)).toHaveText('1');
});

test("on the store's own video too, a card appears at its second", async ({ page, browser }) => {
  test.setTimeout(120_000); // an upload and its transcode
  const dir = mkdtempSync(join(tmpdir(), 'watchwin-cards-'));
  const file = join(dir, 'counter.mp4');
  execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25',
    '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '12', '-c:v', 'libx264', '-preset', 'ultrafast',
    '-c:a', 'aac', '-shortest', file]);
  const admin = createAdmin();
  await logIn(page, admin);
  const webinar = await createWebinarViaApi(page.request, { video_source: 'upload', youtube_video_id: '' });
  await page.goto('/admin/webinars');
  await page.getByRole('button', { name: `Edit ${webinar.title}` }).click();
  const form = page.getByRole('dialog', { name: 'Edit Webinar' });
  await form.locator('input[type=file][accept="video/*"]').setInputFiles(file);
  await expect(form.getByText('Ready', { exact: true })).toBeVisible({ timeout: 60_000 });
  await form.getByRole('button', { name: 'Close' }).click();

  // The transcode set the video's length: the card fits inside it.
  const placed = await page.request.post(`/api/admin/webinars/${webinar.id}/cards`, {
    data: { start_second: 2, duration_seconds: 6, title: 'Ask us about this', line: 'At the counter, any day', action: 'none' },
  });
  expect(placed.status(), await placed.text()).toBe(201);

  const viewer = await (await browser.newContext()).newPage();
  await logIn(viewer, await signUpViaApi(viewer.request));
  await registerViaApi(viewer.request, webinar.id);
  await viewer.goto(`/webinar/${webinar.id}/watch`);
  const video = viewer.locator('video');
  await expect(viewer.locator('section[data-state="ready"]')).toBeVisible({ timeout: 15_000 });
  await expect(viewer.getByRole('group', { name: /^Card:/ })).toHaveCount(0);
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  const card = viewer.getByRole('group', { name: 'Card: Ask us about this' });
  await expect(card).toContainText('At the counter, any day', { timeout: 10_000 });
  expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThanOrEqual(2);
  await expect(viewer.locator('[aria-live="polite"]').filter({ hasText: 'Card:' })).toHaveText('Card: Ask us about this. At the counter, any day');
});
