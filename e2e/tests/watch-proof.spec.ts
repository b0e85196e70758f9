import type { APIRequestContext, Page } from '@playwright/test';
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
} from './fixtures';

// Proof of watching (docs/product.md#proof-of-watching,
// docs/product.md#where-registrants-came-from): the server decides who watched,
// from the watch page's progress reports; the YouTube stand-in plays in real
// time (setRate) or jumps.

type StandIn = {
  ready: boolean;
  play(): void;
  progressTo(percent: number): void;
  end(): void;
  setDuration(seconds: number): void;
  setRate(rate: number): void;
};
const standIn = (page: Page) => page.waitForFunction(() => (window as unknown as { __ytStandIn?: StandIn }).__ytStandIn?.ready === true);
const drive = (page: Page, fn: string, arg?: number) =>
  page.evaluate(([f, a]) => {
    const s = (window as unknown as { __ytStandIn: Record<string, (x?: number) => void> }).__ytStandIn;
    s[f as string](a as number | undefined);
  }, [fn, arg] as const);

/** A 12-second webinar (its stand-in video as long) and a registered customer on its watch page. */
async function watchPage(page: Page, request: APIRequestContext, overrides: Record<string, unknown> = {}) {
  await logInViaApi(request, createAdmin());
  const webinar = await createWebinarViaApi(request, { video_length_seconds: 12, ...overrides });
  const user = await signUpViaApi(request);
  await useYouTubeStandIn(page);
  await logIn(page, user);
  await registerViaApi(page.request, webinar.id);
  await page.goto(`/webinar/${webinar.id}/watch`);
  await standIn(page);
  await drive(page, 'setDuration', 12);
  return webinar;
}

test('watching the video through unlocks the offer; the server says so', async ({ page, request }) => {
  const webinar = await watchPage(page, request);
  await expect(page.getByRole('heading', { name: 'Watch to unlock your offer' })).toBeVisible();
  await drive(page, 'setRate', 1.5); // within the 2× the server credits
  await drive(page, 'play');
  // Played through: 12 s of video in 8 s.
  await expect(page.getByText('Video completed!', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible();
  const res = await page.request.get(`/api/webinars/${webinar.id}/registration`);
  expect(((await res.json()) as { registration: { watched_video_fully: boolean } }).registration.watched_video_fully).toBe(true);
});

test('jumping to the end, or calling the old route, does not open the purchase', async ({ page, request }) => {
  const webinar = await watchPage(page, request);
  await drive(page, 'play');
  await drive(page, 'end');
  const old = await page.request.post(`/api/webinars/${webinar.id}/registration/watched`);
  expect(old.status()).toBe(200);
  const started = await page.request.post(`/api/webinars/${webinar.id}/payments`);
  expect(started.status()).toBe(403);
  expect(((await started.json()) as { error: { code: string } }).error.code).toBe('watch_first');
  await expect(page.getByRole('heading', { name: 'Watch to unlock your offer' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Congratulations!' })).toHaveCount(0);
});

test('with seeking off, a jump past the furthest point springs back with a reason', async ({ page, request }) => {
  await watchPage(page, request, { allow_seeking: false });
  await drive(page, 'play');
  await drive(page, 'progressTo', 80);
  await expect(page.getByText('Skipping ahead is off for this webinar: it returns you to the furthest point you watched.')).toBeVisible();
  const position = await page.evaluate(() => (window as unknown as { __ytStandIn: { time: number } }).__ytStandIn.time);
  expect(position).toBeLessThanOrEqual(2);
});

test("a flyer link's visit shows under its source in Reports", async ({ page, request, browser }) => {
  const admin = createAdmin();
  await logInViaApi(request, admin);
  const webinar = await createWebinarViaApi(request, { video_length_seconds: 24 });
  const user = await signUpViaApi(request);
  // The visitor arrives by the flyer's link, then logs in and registers.
  await page.goto(`/webinar/${webinar.id}?ref=flyer-nov`);
  await logIn(page, user);
  await page.goto(`/webinar/${webinar.id}`);
  await page.getByRole('complementary', { name: 'Reserve a seat' }).getByRole('button', { name: 'Reserve Your Spot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register for Webinar' });
  await expect(dialog.getByLabel('Full Name')).toHaveValue('Sam Carter');
  await dialog.getByRole('button', { name: 'Confirm Registration' }).click();
  await expect(page.getByText('Registration successful!', { exact: true })).toBeVisible();

  const adminPage = await (await browser.newContext()).newPage();
  await logIn(adminPage, admin);
  await adminPage.goto('/admin/reports');
  const sources = adminPage.getByRole('table', { name: 'Funnel by source' });
  await expect(sources.getByRole('row', { name: /flyer-nov/ })).toContainText('1');
});
