import type { Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  test,
  expect,
  createAdmin,
  createStaff,
  createWebinarViaApi,
  logIn,
  logInViaApi,
  registerViaApi,
  signUpViaApi,
  useYouTubeStandIn,
} from './fixtures';
import { mailboxAddress, waitForMailLink } from './support/server-log';
import { smallTargets, wcagViolations } from './support/wcag';

// Ask the store (docs/product.md#questions-to-the-store, docs/api.md#questions-to-the-store): a
// registrant asks from the player at 0:30 and the video keeps playing; a clerk finds the question
// in the counter's inbox and answers it; the answer mail links back to 0:30; the clerk publishes
// it and it shows under the video with the asker's first name, which they allowed.

type StandIn = { ready: boolean; time: number; progressTo: (pct: number) => void; setRate: (r: number) => void };
const standIn = (page: Page) => page.evaluateHandle(() => (window as unknown as { __ytStandIn: StandIn }).__ytStandIn);

test('a question asked at 0:30 is answered from the inbox, mailed with a link back to 0:30, and published under the video', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  await logInViaApi(request, createAdmin());
  const webinar = await createWebinarViaApi(request);

  // The viewer (Sam) registers and plays the video to 0:30 (5 % of the stand-in's 600 s).
  const { email, domain } = mailboxAddress('asker');
  const viewer = await signUpViaApi(request, 'asker', email);
  await useYouTubeStandIn(page);
  await logIn(page, viewer);
  await registerViaApi(page.request, webinar.id);
  await page.goto(`/webinar/${webinar.id}/watch`);
  await page.waitForFunction(() => (window as unknown as { __ytStandIn?: StandIn }).__ytStandIn?.ready === true);
  await (await standIn(page)).evaluate((s) => s.progressTo(5));

  const box = page.getByRole('form', { name: 'Ask a question' });
  await box.getByLabel('Your question to the store').fill('Does the IWB holster fit a P365 with a light?');
  await box.getByRole('checkbox', { name: /show my first name/ }).check();
  await box.getByRole('button', { name: 'Send question' }).click();
  await expect(box.getByText("Sent (asked at 0:30). We'll e-mail you the answer.")).toBeVisible();
  // The player kept playing: at real speed its position moves on past 0:30.
  await (await standIn(page)).evaluate((s) => s.setRate(1));
  await expect.poll(() => page.evaluate(() => (window as unknown as { __ytStandIn: StandIn }).__ytStandIn.time)).toBeGreaterThan(30.5);

  // The clerk's inbox at the counter shows it at 0:30, new.
  const clerkContext = await browser.newContext({ baseURL });
  await clerkContext.route(/^https?:\/\/(?!127\.0\.0\.1[:/]|localhost[:/])/, (route) => route.abort());
  try {
    const clerk = await clerkContext.newPage();
    await logIn(clerk, createStaff());
    await clerk.goto('/counter/questions');
    await expect(clerk.getByRole('heading', { name: 'Questions', level: 1 })).toBeVisible();
    const question = `Question about ${webinar.title} at 0:30`;
    const card = clerk.getByRole('group', { name: question });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Sam');
    await expect(card.getByRole('link', { name: 'Watch at 0:30' })).toHaveAttribute('href', `/webinar/${webinar.id}/watch?t=30`);
    expect(await wcagViolations(clerk, '/counter/questions with a new question')).toEqual([]);
    expect(await smallTargets(card), 'targets under 24×24 px on a question').toEqual([]);
    await card.getByLabel('Your answer').fill('Yes: the P365 with a TLR-6 fits our IWB holster. Come try it at the counter.');
    await card.getByRole('button', { name: 'Send answer' }).click();
    await expect(clerk.getByText('Answer sent')).toBeVisible();

    // The answer mail links back to 0:30 of the video.
    const link = await waitForMailLink({ domain, path: `/webinar/${webinar.id}/watch?t=30`, token: false });
    expect(new URL(link).origin).toBe(baseURL);

    // Answered → published under the video.
    await clerk.getByRole('tab', { name: /^Answered/ }).click();
    await clerk.getByRole('group', { name: question }).getByRole('button', { name: 'Publish under the video' }).click();
    await expect(clerk.getByText('Published under the video')).toBeVisible();
    await clerk.getByRole('tab', { name: /^Published/ }).click();
    await expect(clerk.getByRole('group', { name: question })).toContainText('TLR-6');

    // The viewer follows the mail's link: the published answer is under the video, with their first name.
    await page.goto(link);
    const published = page.getByRole('region', { name: 'Questions answered by the store' });
    await expect(published).toContainText('Sam asked at 0:30');
    await expect(published).toContainText('Does the IWB holster fit a P365 with a light?');
    await expect(published).toContainText('Yes: the P365 with a TLR-6 fits our IWB holster.');
    expect(await wcagViolations(page, 'the watch page with a published answer')).toEqual([]);
  } finally {
    await clerkContext.close();
  }
});

/** A 12-second 320×180 test pattern, made here by ffmpeg (nothing binary is committed). */
function clip(): Buffer {
  const file = join(mkdtempSync(join(tmpdir(), 'watchwin-question-')), 'clip.mp4');
  execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25',
    '-t', '12', '-c:v', 'libx264', '-preset', 'ultrafast', file]);
  return readFileSync(file);
}

const b64 = (s: string) => Buffer.from(s).toString('base64');

test("on the store's own video too, the question carries the player's second and the video plays on", async ({ page, request }) => {
  test.setTimeout(120_000);
  await logInViaApi(request, createAdmin());
  const webinar = await createWebinarViaApi(request, { video_source: 'upload', youtube_video_id: '' });
  // The recording, uploaded as the admin's form does (tus), then transcoded by the server.
  const bytes = clip();
  const created = await request.post('/api/admin/video-uploads/', {
    headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': String(bytes.length), 'Upload-Metadata': `webinar_id ${b64(webinar.id)},filename ${b64('clip.mp4')}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const patched = await request.patch(created.headers()['location'], {
    headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    data: bytes,
  });
  expect(patched.status(), await patched.text()).toBe(204);
  await expect
    .poll(async () => ((await (await request.get(`/api/admin/webinars/${webinar.id}/video`)).json()) as { current: { status: string } | null }).current?.status, {
      timeout: 60_000,
    })
    .toBe('ready');

  await logIn(page, await signUpViaApi(request, 'own-asker'));
  await registerViaApi(page.request, webinar.id);
  await page.goto(`/webinar/${webinar.id}/watch`);
  const video = page.locator('video');
  await expect(video).toBeVisible();
  // Playing at the slowest rate, moved to 0:08: it stays there while the viewer types.
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
    v.playbackRate = 0.0625;
    v.currentTime = 8;
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.seeking || v.currentTime < 8)).toBe(false);

  const box = page.getByRole('form', { name: 'Ask a question' });
  await box.getByLabel('Your question to the store').fill('Which rendition is this?');
  await box.getByRole('button', { name: 'Send question' }).click();
  await expect(box.getByText("Sent (asked at 0:08). We'll e-mail you the answer.")).toBeVisible();
  expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
});
