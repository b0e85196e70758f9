import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createAdmin, createWebinarViaApi, expect, logInViaApi, soldOutWebinarViaApi, test } from './fixtures';

// What a client that runs no JavaScript sees (issue 25): a crawler or a chat
// app building a link preview fetches a page with plain HTTP and reads its
// head; robots.txt and sitemap.xml tell crawlers where to go.

/** The content of the <meta> named `name` (name= or property=), HTML entities decoded. */
function meta(html: string, name: string): string | undefined {
  const m = html.match(new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)"`));
  return m ? decode(m[1]) : undefined;
}

function decode(s: string): string {
  return s
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCharCode(parseInt(n, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

test('a webinar page tells a client without JavaScript its title, description, image and Event data', async ({ request, baseURL }) => {
  await logInViaApi(request, createAdmin());
  const webinar = await createWebinarViaApi(request, { description: 'Learn to draw & holster safely.' });
  await request.post('/api/auth/logout');

  const res = await request.get(`/webinar/${webinar.id}`);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/html');
  const html = await res.text();
  expect(decode(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '')).toBe(`${webinar.title} | WatchWin`);
  expect(meta(html, 'og:title')).toBe(`${webinar.title} | WatchWin`);
  expect(meta(html, 'description')).toBe('Learn to draw & holster safely.');
  expect(meta(html, 'og:description')).toBe('Learn to draw & holster safely.');
  expect(meta(html, 'og:image')).toMatch(/^https?:\/\/.+\.(png|jpe?g|webp)$/);
  expect(meta(html, 'og:url')).toBe(`${baseURL}/webinar/${webinar.id}`);
  expect(meta(html, 'twitter:card')).toBe('summary_large_image');

  const ld = JSON.parse(html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1]) as Record<string, unknown>;
  expect(ld).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: webinar.title,
    startDate: '2027-01-14T18:30:00-06:00',
    eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    offers: { '@type': 'Offer', price: '40.00', priceCurrency: 'USD' },
    organizer: { '@type': 'Organization', name: 'WatchWin' },
  });

  // The link preview's image is really there.
  const image = await request.get(new URL(meta(html, 'og:image')!).pathname);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toMatch(/^image\//);

  const missing = await request.get('/webinar/no-such-webinar');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('<div id="root">');
});

test('robots.txt and sitemap.xml parse and point at the public pages', async ({ request, baseURL }) => {
  await logInViaApi(request, createAdmin());
  const active = await createWebinarViaApi(request);
  const inactive = await createWebinarViaApi(request, { is_active: false });
  await request.post('/api/auth/logout');

  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toContain('text/plain');
  const rules = (await robots.text()).split('\n').map((l) => l.trim());
  for (const path of ['/admin', '/api/', '/dashboard', '/counter', '/migration-tool']) {
    expect(rules).toContain(`Disallow: ${path}`);
  }
  expect(rules).toContain('User-agent: *');
  expect(rules).toContain(`Sitemap: ${baseURL}/sitemap.xml`);

  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toContain('xml');
  const xml = await sitemap.text();
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\s*<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
  const urls = [...xml.matchAll(/<url>\s*<loc>([^<]+)<\/loc>(?:\s*<lastmod>([^<]+)<\/lastmod>)?\s*<\/url>/g)].map((m) => ({ loc: m[1], lastmod: m[2] }));
  expect(xml.match(/<url>/g)?.length).toBe(urls.length); // every entry parsed
  const locs = urls.map((u) => u.loc);
  for (const path of ['/', '/webinars', '/how-it-works', '/about', '/contact', '/privacy', '/terms']) {
    expect(locs).toContain(`${baseURL}${path}`);
  }
  const entry = urls.find((u) => u.loc === `${baseURL}/webinar/${active.id}`);
  expect(entry?.lastmod && !Number.isNaN(Date.parse(entry.lastmod))).toBe(true);
  expect(locs).not.toContain(`${baseURL}/webinar/${inactive.id}`);
});

test('the home page paints its header and hero from the HTML, and React renders the same first screen', async ({ browser, baseURL }) => {
  const boxes: Record<string, unknown>[] = [];
  for (const javaScriptEnabled of [false, true]) {
    const context = await browser.newContext({ baseURL, javaScriptEnabled, viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/]|localhost[:/])/, (route) => route.abort());
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /Watch\. Claim\. Save\. Win\./ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Learn how it works' })).toBeVisible();
    if (javaScriptEnabled) await expect(page.getByRole('heading', { name: 'Video Webinars & Coupons' })).toBeVisible();
    boxes.push({
      header: await page.locator('header').boundingBox(),
      title: await page.locator('#hero-title').boundingBox(),
      hero: await page.locator('section[aria-labelledby="hero-title"]').boundingBox(),
      learn: await page.getByRole('link', { name: 'Learn how it works' }).boundingBox(),
    });
    await context.close();
  }
  // Nothing on the first screen moves when React takes over.
  expect(boxes[1]).toEqual(boxes[0]);
});

/**
 * Every element of the first screen (412×823) in the header and the page
 * that draws something (its own text, an image, an icon, a button), with its
 * box: what a visitor sees before and after React takes over.
 */
function firstScreen(): string[] {
  const out: string[] = [];
  for (const el of document.querySelectorAll('header *, main *')) {
    const r = el.getBoundingClientRect();
    if (r.top >= window.innerHeight || r.width === 0) continue;
    const text = [...el.childNodes]
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent)
      .join('')
      .trim();
    if (!text && !['IMG', 'svg', 'BUTTON'].includes(el.tagName)) continue;
    out.push(`${el.tagName} "${text}" ${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`);
  }
  return out;
}

test('the webinar list, a webinar, How It Works and the login page paint their first screen from the HTML, and React draws the same', async ({
  browser,
  request,
  baseURL,
}) => {
  await logInViaApi(request, createAdmin());
  const webinar = await createWebinarViaApi(request, { total_seats: 3 }); // 'Only 3 seats left' and 'Store Credit'
  await request.post('/api/auth/logout');

  for (const [path, heading] of [
    ['/webinars', 'Upcoming Webinars'],
    [`/webinar/${webinar.id}`, webinar.title],
    ['/how-it-works', 'How It Works'],
    ['/auth', 'Welcome back'],
  ]) {
    const screens: string[][] = [];
    for (const javaScriptEnabled of [false, true]) {
      const context = await browser.newContext({ baseURL, javaScriptEnabled, viewport: { width: 412, height: 823 } });
      const page = await context.newPage();
      await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/]|localhost[:/])/, (route) => route.abort());
      await page.goto(path);
      // Without JavaScript the server's HTML is all there is.
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      if (javaScriptEnabled) await expect(page.getByRole('contentinfo')).toBeAttached(); // React's footer
      await page.evaluate(() => document.fonts.ready);
      screens.push(await page.evaluate(firstScreen));
      await context.close();
    }
    expect(screens[0].length, path).toBeGreaterThan(5);
    // Nothing on the first screen moves, changes or goes when React takes over.
    expect(screens[1], path).toEqual(screens[0]);
  }
});

/** The SPA's server render, built by `npm run build` (web/src/app/server-render.tsx). */
type ServerRender = { renderPage(url: string, data: unknown): Promise<string> };
const serverRender = (): Promise<ServerRender> =>
  import(pathToFileURL(resolve(import.meta.dirname, '../../web/ssr/server-render.js')).href) as Promise<ServerRender>;

/** The markup in the served page's root and the data it embeds. */
function servedPaint(html: string): { root: string; data: unknown } {
  const m = html.match(/<div id="root">([\s\S]*)<\/div><script type="application\/json" id="watchwin-data">([\s\S]*?)<\/script>/);
  if (!m) throw new Error('no root and embedded data in the page');
  return { root: m[1], data: JSON.parse(m[2]) };
}

test('the served first paint of every painted page is React\'s own render of its URL and embedded data', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  await logInViaApi(request, createAdmin());
  const { webinar: soldOut } = await soldOutWebinarViaApi(request, () => playwright.request.newContext({ baseURL })); // 'Sold Out'
  const webinars = [
    soldOut,
    await createWebinarViaApi(request, { total_seats: 3, display_price: 1250.5, title: 'Holster & "Draw" <b>' }), // few seats, store credit
    await createWebinarViaApi(request, { display_price: 0, actual_coupon_value_percentage: 100, description: "Free: a seat\nand a giveaway entry, isn't it?" }),
    await createWebinarViaApi(request, { total_seats: 1, event_datetime: '2027-07-04T17:05:00Z' }), // one seat, summer time
  ];
  await request.post('/api/auth/logout');
  const { renderPage } = await serverRender();
  await page.goto('/privacy'); // a document to compare markup in (a <template> parses it as the browser does)
  const paths = ['/', '/webinars', '/how-it-works', '/auth', '/auth?tab=signup', `/auth?webinarId=${webinars[0].id}`,
    ...webinars.map((w) => `/webinar/${w.id}`)];
  for (const path of paths) {
    const res = await request.get(path);
    const { root, data } = servedPaint(await res.text());
    expect(root, `${path} is painted`).toContain('<header');
    const react = await renderPage(path, data);
    const [served, rendered] = await page.evaluate(([a, b]) => [a, b].map((html) => {
      const t = document.createElement('template');
      t.innerHTML = html;
      return t.innerHTML;
    }), [root, react]);
    expect(served, `${path}: the served paint drifted from React's render`).toBe(rendered);
  }
  expect(servedPaint(await (await request.get(`/webinar/${soldOut.id}`)).text()).root).toContain('Sold Out');
});
