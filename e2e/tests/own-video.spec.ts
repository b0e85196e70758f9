import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, createAdmin, createWebinarViaApi, logIn, logInViaApi, registerViaApi, signUpViaApi } from './fixtures';
import { tabTo } from './support/wcag';

// The store's own videos (docs/product.md#the-stores-own-videos): an admin
// uploads a recording from the browser, the server turns it into HLS and
// plays it with captions and a transcript, and the watch proof is the
// server's: it credits only what it served.

const captions = `WEBVTT

00:00:00.000 --> 00:00:05.000
Welcome to range day prep.

00:00:05.000 --> 00:00:10.000
Eye protection comes first.

00:00:10.000 --> 00:00:15.000
Then ear protection, every time.
`;

/** A 15-second 640×360 test pattern with a tone, about 4 MB: long enough to pause its upload. */
function sourceVideo(): string {
  const dir = mkdtempSync(join(tmpdir(), 'watchwin-video-'));
  const file = join(dir, 'range-day.mp4');
  execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25',
    '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '15', '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '2M',
    '-c:a', 'aac', '-shortest', file]);
  writeFileSync(join(dir, 'range-day.vtt'), captions);
  return file;
}

/** Plays the watch page's video muted (no gesture needed) at rate. */
async function play(page: Page, rate: number) {
  await page.locator('video').evaluate(async (v: HTMLVideoElement, r) => {
    v.muted = true;
    v.playbackRate = r;
    await v.play();
  }, rate);
}

test('an admin uploads a recording, captions it and publishes; a viewer who watches it through may buy, one who jumps may not', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const file = sourceVideo();
  const admin = createAdmin();
  await logInViaApi(request, admin);
  const webinar = await createWebinarViaApi(request, { video_source: 'upload', youtube_video_id: '', is_active: false });

  // The admin: upload through the form, pausing once on a slow connection.
  await logIn(page, admin);
  await page.goto('/admin/webinars');
  await page.getByRole('button', { name: `Edit ${webinar.title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Webinar' });
  await expect(dialog.getByRole('radio', { name: 'Uploaded video' })).toBeChecked();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 1_000_000 });
  await dialog.locator('input[type=file][accept="video/*"]').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Pause' }).click();
  await expect(dialog.getByText('Paused', { exact: true })).toBeVisible();
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await dialog.getByRole('button', { name: 'Resume' }).click();
  await expect(dialog.getByText('Ready', { exact: true })).toBeVisible({ timeout: 60_000 });

  const add = dialog.getByRole('group', { name: 'Add captions' });
  await add.getByLabel('Language').fill('en');
  await add.getByLabel('Label').fill('English');
  await add.getByLabel('Captions file').setInputFiles(file.replace(/\.mp4$/, '.vtt'));
  await add.getByRole('button', { name: 'Save captions' }).click();
  await expect(dialog.getByRole('button', { name: 'Edit lines of English' })).toBeVisible();
  await dialog.getByLabel('Active').check();
  await dialog.getByRole('button', { name: 'Update Webinar' }).click();
  await expect(dialog).toBeHidden();

  // A viewer watches it through with hls.js, captions and transcript.
  const viewer = await (await browser.newContext()).newPage();
  await logIn(viewer, await signUpViaApi(viewer.request));
  await registerViaApi(viewer.request, webinar.id);
  await viewer.goto(`/webinar/${webinar.id}/watch`);
  const transcript = viewer.getByRole('region', { name: 'Transcript' });
  await expect(transcript.getByText('Eye protection comes first.')).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Captions' })).toBeVisible();
  // The player's own controls take the keyboard (WCAG 2.1.1): Tab reaches the video, Space plays
  // and pauses it. The test then speeds playback up, within the 2× the server credits.
  const video = viewer.locator('video');
  await tabTo(viewer, video, 'video player');
  await viewer.keyboard.press('Space');
  await expect(video).toHaveJSProperty('paused', false);
  await viewer.keyboard.press('Space');
  await expect(video).toHaveJSProperty('paused', true);
  await play(viewer, 1.5); // 15 s of video in 10 s
  await expect(viewer.getByText('Video completed!', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(viewer.getByRole('heading', { name: 'Congratulations!' })).toBeVisible();

  // Another viewer jumps to the end: the server served nothing before it, so no offer.
  const skipper = await (await browser.newContext()).newPage();
  await logIn(skipper, await signUpViaApi(skipper.request));
  await registerViaApi(skipper.request, webinar.id);
  await skipper.goto(`/webinar/${webinar.id}/watch`);
  await expect(skipper.getByRole('region', { name: 'Transcript' })).toBeVisible();
  await play(skipper, 1);
  await skipper.locator('video').evaluate((v: HTMLVideoElement) => { v.currentTime = v.duration - 1; });
  await expect(skipper.locator('video')).toHaveJSProperty('ended', true, { timeout: 10_000 });
  const started = await skipper.request.post(`/api/webinars/${webinar.id}/payments`);
  expect(started.status()).toBe(403);
  expect(((await started.json()) as { error: { code: string } }).error.code).toBe('watch_first');
  await expect(skipper.getByRole('heading', { name: 'Congratulations!' })).toHaveCount(0);
});
