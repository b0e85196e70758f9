import type { BrowserType, Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import {
  test,
  expect,
  buyCouponViaApi,
  createAdmin,
  createStaff,
  createWebinarViaApi,
  submitLogIn,
  logInViaApi,
  signUpViaApi,
} from './fixtures';
import { smallTargets, wcagViolations } from './support/wcag';

// The counter (docs/product.md#route-table, docs/api.md#counter,
// docs/operations.md#at-the-counter) with a real camera stream: Chromium's fake capture device
// plays a video made here from a screenshot of a bought coupon's printed QR code. Nothing binary
// is committed: ffmpeg makes the .y4m in the test's output folder.

/**
 * A .y4m that shows the QR for 2 s, then a white frame for 2.5 s, looped by
 * Chromium: the coupon is held up, taken away, held up again (the counter
 * looks a code up again only after it was out of view for 2 s).
 */
function qrVideo(png: string, y4m: string) {
  execFileSync('ffmpeg', [
    '-loglevel', 'error', '-y',
    '-loop', '1', '-t', '2', '-i', png,
    '-f', 'lavfi', '-t', '2.5', '-i', 'color=c=white:s=480x360:r=5',
    '-filter_complex',
    // Even dimensions for yuv420p: scale to 300 px high, pad onto 480x360 white.
    '[0:v]scale=-2:300:flags=neighbor,pad=480:360:(ow-iw)/2:(oh-ih)/2:color=white,fps=5,format=yuv420p[q];' +
      '[1:v]format=yuv420p[w];[q][w]concat=n=2:v=1:a=0',
    '-pix_fmt', 'yuv420p', y4m,
  ]);
}

/** A phone-sized browser whose camera shows `y4m`; CSP refusals and page errors are collected. */
async function phoneWithCamera(browserType: BrowserType, y4m: string, baseURL: string) {
  const launchOptions = test.info().project.use.launchOptions ?? {};
  const browser = await browserType.launch({
    ...launchOptions,
    args: [
      ...(launchOptions.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${y4m}`,
    ],
  });
  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 }, permissions: ['camera'] });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/]|localhost[:/])/, (route) => route.abort());
  const problems: string[] = [];
  context.on('console', (msg) => {
    if (/Content Security Policy|Permissions policy/i.test(msg.text())) problems.push(msg.text());
  });
  context.on('weberror', (e) => problems.push(String(e.error())));
  return { browser, context, problems };
}

const ASK_STAFF = 'This coupon is checked at the store counter. Please ask the store staff.';

/** The verdict card, found by its heading. */
const verdict = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

test('staff scan a printed coupon with the camera, redeem it, see it again as ALREADY REDEEMED, undo, and type another', async ({
  page,
  request,
  playwright,
}, testInfo) => {
  test.setTimeout(150_000);
  const baseURL = testInfo.project.use.baseURL!;
  const admin = createAdmin();
  const staff = createStaff();
  await logInViaApi(request, admin);
  const webinar = await createWebinarViaApi(request, { display_price: 40 }); // a $48.00 coupon
  const other = await createWebinarViaApi(request, { display_price: 25 }); // a $30.00 coupon

  // The customer buys two coupons and opens the first one's print view.
  const customer = await signUpViaApi(page.request, 'buyer');
  await logInViaApi(page.request, customer);
  const code = await buyCouponViaApi(page.request, webinar);
  const typed = await buyCouponViaApi(page.request, other);
  await page.goto(`/webinar/${webinar.id}/coupon`);
  await page.emulateMedia({ media: 'print' });
  const qr = page.getByRole('article', { name: `Coupon ${code}` }).getByRole('figure');
  await expect(qr.getByRole('img', { name: `QR code of coupon ${code}` })).toBeVisible();
  const png = testInfo.outputPath('printed-qr.png');
  writeFileSync(png, await qr.screenshot());

  // A decoder this project did not write reads the printed QR as the counter link.
  const read = execFileSync('zbarimg', ['--raw', '-q', png], { encoding: 'utf8' }).trim();
  expect(read).toBe(`${baseURL}/counter?code=${code}`);

  // The clerk's phone: its camera shows that QR.
  const y4m = testInfo.outputPath('qr.y4m');
  qrVideo(png, y4m);
  const phone = await phoneWithCamera(playwright.chromium, y4m, baseURL);
  try {
    const clerk = await phone.context.newPage();
    const lookups: string[] = [];
    clerk.on('request', (r) => {
      if (r.method() === 'GET' && r.url().includes('/api/counter/coupons/')) lookups.push(decodeURIComponent(r.url().split('/').pop()!));
    });

    // Signed out, the QR's link says only to ask the staff; the clerk logs in
    // from there and comes back to the counter with the verdict.
    await clerk.goto(`/counter?code=${code}`);
    await expect(clerk.getByRole('heading', { level: 1 })).toHaveText(ASK_STAFF);
    await clerk.getByRole('link', { name: 'Store staff: log in' }).click();
    // The counter loads as a document of its own, so the login toast leaves with /auth.
    await submitLogIn(clerk, staff);
    await expect(clerk).toHaveURL(/\/counter$/, { timeout: 15_000 });
    const valid = verdict(clerk, 'VALID');
    await expect(valid).toContainText('$48.00');
    await expect(valid).toContainText('$96.00');
    await expect(valid).toContainText(code);
    await expect(valid).toContainText('Check photo ID (21+) and FOID for firearm purchases');
    // The camera reads the printed QR too: a second lookup of that code.
    await expect.poll(() => lookups.filter((c) => c === code).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await expect(valid).toContainText('$48.00');
    const shot = testInfo.outputPath('counter-375px.png');
    await clerk.screenshot({ path: shot, fullPage: true });
    await testInfo.attach('counter at 375 px', { path: shot, contentType: 'image/png' });
    // A verdict on screen: WCAG 2.2 AA, targets included (docs/testing.md#wcag-22-aa).
    expect(await wcagViolations(clerk, 'counter with a verdict')).toEqual([]);
    expect(await smallTargets(clerk.locator('body')), 'targets under 24×24 px').toEqual([]);

    await valid.getByRole('button', { name: 'Mark Redeemed' }).click();
    await expect(verdict(clerk, 'REDEEMED')).toContainText('Apply $48.00 store credit.');
    // The coupon is taken away and held up again.
    const again = verdict(clerk, 'ALREADY REDEEMED');
    await expect(again).toBeVisible({ timeout: 15_000 });
    await expect(again.getByRole('alert')).toContainText('by you');

    // The clerk stops the camera and takes the redemption back, then redeems again.
    await clerk.getByRole('button', { name: 'Stop Camera' }).click();
    await again.getByRole('button', { name: 'Undo' }).click();
    await expect(valid).toContainText('Redemption undone: the coupon is valid again.');
    await valid.getByRole('button', { name: 'Mark Redeemed' }).click();
    await expect(verdict(clerk, 'REDEEMED')).toBeVisible();

    // Another coupon, typed in lower case without its hyphens.
    const field = clerk.getByLabel('Coupon code');
    await field.fill(typed.replaceAll('-', '').toLowerCase());
    await field.press('Enter');
    await expect(valid).toContainText('$30.00');
    await expect(valid).toContainText(typed);

    // Staff have no admin area: the page sends them home, the API refuses.
    await clerk.goto('/admin');
    await expect(clerk).toHaveURL(/\/$/);
    expect((await clerk.request.get('/api/admin/coupons')).status()).toBe(403);
    expect(phone.problems).toEqual([]);
  } finally {
    await phone.browser.close();
  }

  // The admin's coupons table says who redeemed it.
  await page.emulateMedia({ media: 'screen' });
  await logInViaApi(page.request, admin);
  await page.goto(`/admin/coupons?search=${code}`);
  const row = page.getByRole('table', { name: 'Coupons' }).getByRole('row', { name: new RegExp(code) });
  await expect(row).toContainText('Redeemed');
  await expect(row.getByRole('cell', { name: `${staff.firstName} ${staff.lastName}` })).toBeVisible();
});
