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
import { mailboxAddress, serverLogPath, waitForMailLink } from './support/server-log';
import { wcagViolations } from './support/wcag';

// Follow-ups by where they left (docs/product.md#follow-ups): the owner previews the viewers of a
// webinar who left before half, sends them a follow-up once, and the mail links to the second each
// one left (the viewer follows it and the video starts there); a second send the same week reaches no one.


test.describe('follow-ups, with WATCHWIN_TEST_CLOCK=true', () => {
  // The server credits watching no faster than twice the time that passes: the test clock gives
  // the viewer's stretch its time without waiting for it.
  const server = ownServer('follow-ups', process.env.WATCHWIN_E2E_FOLLOWUPS_PORT ?? '18641', { WATCHWIN_TEST_CLOCK: 'true' });
  let admin: Account;
  test.beforeAll(() => {
    admin = createAdmin(server.dataDir);
  });

  test('the admin previews the viewers who left before half and sends a follow-up that links to where they left', async ({
    page,
    request,
    browser,
  }) => {
    await logIn(page, admin);
    const webinar = await createWebinarViaApi(page.request, { video_length_seconds: 120 });

    // A viewer played 0:00 to 0:48 (40 %) and left.
    const { email, domain } = mailboxAddress('left');
    const viewer = await signUpViaApi(request, 'left', email);
    await logInViaApi(request, viewer);
    await registerViaApi(request, webinar.id);
    const progress = `/api/webinars/${webinar.id}/registration/progress`;
    expect((await request.post(progress, { data: { intervals: [] } })).status()).toBe(200);
    expect((await page.request.post('/api/test/clock', { data: { advance: '30s' } })).status()).toBe(200);
    expect((await request.post(progress, { data: { intervals: [[0, 48]] } })).status()).toBe(200);

    await page.goto(`/admin/follow-ups?webinar=${webinar.id}`);
    await expect(page.getByRole('heading', { name: 'Follow-ups', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Webinar', { exact: true })).toHaveValue(webinar.id);
    await expect(page.getByLabel('Left before (%)')).toHaveValue('50');
    await expect(page.getByLabel('Subject')).not.toHaveValue('');
    await page.getByRole('button', { name: 'Preview recipients' }).click();
    const recipients = page.getByRole('table', { name: 'Recipients' });
    await expect(recipients.getByRole('row', { name: new RegExp(email.replace(/[.]/g, '\\.')) })).toContainText('0:48');
    await expect(page.getByRole('heading', { name: '1 person will get this follow-up' })).toBeVisible();
    expect(await wcagViolations(page, '/admin/follow-ups with a preview')).toEqual([]);

    await page.getByRole('button', { name: 'Send to 1 person' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Send this follow-up to 1 person?' });
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Queued 1 follow-up.' })).toHaveText(
      'Queued 1 follow-up. Left out: 0 followed up this week, 0 unsubscribed.',
    );

    // The mail links to the watch page at the second the viewer left.
    const link = await waitForMailLink({
      domain,
      path: `/webinar/${webinar.id}/watch?t=48`,
      token: false,
      logFile: serverLogPath(server.dataDir),
    });
    expect(new URL(link).origin).toBe(server.origin);
    await expect(page.getByRole('list', { name: 'Sent follow-ups' })).toContainText('queued 1, left out 0');

    // The viewer follows the mail's link and the video starts where they left.
    const viewerContext = await browser.newContext({ baseURL: server.origin });
    try {
      const viewerPage = await viewerContext.newPage();
      await useYouTubeStandIn(viewerPage);
      await logIn(viewerPage, viewer);
      await viewerPage.goto(link);
      await youTubeStandInReady(viewerPage);
      expect(await youTubeStandInTime(viewerPage)).toBe(48);
    } finally {
      await viewerContext.close();
    }

    // Once a week: the same segment now reaches no one.
    await page.getByRole('button', { name: 'Preview recipients' }).click();
    await expect(page.getByRole('heading', { name: '0 people will get this follow-up' })).toBeVisible();
    await expect(page.getByText('Left out: 1 followed up this week, 0 unsubscribed.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send to 0 people' })).toBeDisabled();
  });
});
