import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

// WCAG 2.2 AA in the browser (docs/testing.md#wcag-22-aa): axe's rules for levels A and AA of
// WCAG 2.0, 2.1 and 2.2, and the measurements axe cannot make (focus visible, not obscured, target
// boxes), shared by accessibility.spec.ts and keyboard-walk.spec.ts.

/** axe's tags of the WCAG 2.0, 2.1 and 2.2 A and AA success criteria. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Waits until the page's content is in: its h1 shows and no loading state is left. */
export async function settle(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^(Loading|Checking)/ })).toHaveCount(0);
  await expect(page.locator('[data-slot="skeleton"], .animate-pulse')).toHaveCount(0);
}

/** Every WCAG A/AA violation axe finds in what the page shows now (or in `include`), one line per rule. */
export async function wcagViolations(page: Page, label: string, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations.map((v) => {
    const where = v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`);
    return `${label}: ${v.id} (${v.impact}) ${v.help} [${v.nodes.length}×] ${where.join(' | ')}`;
  });
}

/**
 * The page routes of the SPA's route table (web/src/app/router.tsx), as full patterns
 * ("", "webinar/:webinarId", "admin/users", "*"), read from its source: a route added there
 * and audited nowhere fails the audit's coverage test.
 */
export function routePatterns(): string[] {
  const source = readFileSync(resolve(import.meta.dirname, '../../../web/src/app/router.tsx'), 'utf8');
  const table = source.slice(source.indexOf('export const pageRoutes'), source.indexOf('const routes: RouteObject[]'));
  const patterns: string[] = [];
  let parent = '';
  for (const [, index, path] of table.matchAll(/\{\s*(?:(index: true)|path: "([^"]+)")/g)) {
    if (index) {
      patterns.push(parent);
      continue;
    }
    // A path whose entry holds children is a parent: the entries after it are its children, up to "*".
    const rest = table.slice(table.indexOf(`path: "${path}"`));
    const entry = rest.slice(0, rest.indexOf('}'));
    if (entry.includes('children')) {
      parent = path;
      continue;
    }
    if (path === '*') parent = '';
    patterns.push(parent ? `${parent}/${path}` : path);
  }
  return patterns;
}

/**
 * How the focused element is drawn at rest: outline and box-shadow (a Tailwind ring is a
 * box-shadow). Its transition is stopped for the reading, which would otherwise catch the ring
 * still fading in or out.
 */
async function focusStyle(el: Locator) {
  return el.evaluate((node) => {
    const { style } = node as HTMLElement;
    const transition = style.transition;
    style.transition = 'none';
    const s = getComputedStyle(node);
    const drawn = { outline: `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`, shadow: s.boxShadow, border: s.borderColor };
    style.transition = transition;
    return drawn;
  });
}

/**
 * The element with focus is `target` and its focus is visible: its outline, ring or border
 * differs from how it is drawn without focus (measured on the same element after a blur).
 */
export async function expectFocusVisible(page: Page, target: Locator, name: string) {
  await expect(target, `${name} has focus`).toBeFocused();
  const focused = await focusStyle(target);
  // A blur keeps the keyboard's place, and the focus comes back before the next key.
  await target.evaluate((node) => (node as HTMLElement).blur());
  const unfocused = await focusStyle(target);
  await target.evaluate((node) => (node as HTMLElement).focus({ preventScroll: true }));
  expect(focused, `${name}: focus is drawn (outline, ring or border differ from unfocused)`).not.toEqual(unfocused);
  await expectFocusNotObscured(page, name);
}

/**
 * Presses `key` (Tab, or Shift+Tab to go back) until `target` has focus, then checks its focus is
 * drawn and not hidden. Fails when `max` presses do not reach it.
 */
export async function tabTo(page: Page, target: Locator, name: string, key = 'Tab', max = 60) {
  await expect(target, `${name} is shown`).toBeVisible();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    if (await target.evaluate((el) => el === document.activeElement)) {
      await expectFocusVisible(page, target, name);
      return;
    }
  }
  throw new Error(`${name}: not reached with ${max} × ${key}`);
}

/**
 * WCAG 2.4.11: the focused element is not under the sticky header, and not wholly under a toast.
 * Measured in the viewport, where the browser scrolled it on focus.
 */
export async function expectFocusNotObscured(page: Page, name: string) {
  const problem = await page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'nothing has focus';
    const r = el.getBoundingClientRect();
    const header = document.querySelector('body header');
    // The skip link and the header's own controls sit in the header; a modal dialog lies above it.
    const above = header?.contains(el) || el.closest('[role=dialog], [role=alertdialog]');
    if (header && !above && getComputedStyle(header).position === 'sticky') {
      const bottom = header.getBoundingClientRect().bottom;
      if (r.top < bottom - 0.5) return `top ${r.top.toFixed(0)} px is under the sticky header (bottom ${bottom.toFixed(0)} px)`;
    }
    for (const toast of document.querySelectorAll('[data-sonner-toast]')) {
      if (toast.contains(el)) continue;
      const t = toast.getBoundingClientRect();
      if (r.left >= t.left && r.right <= t.right && r.top >= t.top && r.bottom <= t.bottom) return 'wholly under a toast';
    }
    return null;
  });
  expect(problem, `${name}: focus not obscured`).toBeNull();
}

/**
 * WCAG 2.5.8: every visible control in `scope` is at least 24×24 CSS px, but links inside
 * a sentence (the criterion's inline exception). Returns the ones that are not.
 */
export async function smallTargets(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const selector = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], [role=switch], [role=checkbox], [role=radio], [tabindex]:not([tabindex="-1"])';
    const small: string[] = [];
    for (const el of root.querySelectorAll<HTMLElement>(selector)) {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (r.width === 0 || r.height === 0 || style.visibility === 'hidden') continue;
      // Drawn only while focused (the skip link's sr-only): measured then, in the keyboard walk.
      if (style.clipPath === 'inset(50%)' && document.activeElement !== el) continue;
      // The Radix checkbox's native twin is drawn off screen; the button beside it is the target.
      if (el.getAttribute('aria-hidden') === 'true') continue;
      const inSentence = el.tagName === 'A' && style.display === 'inline' && (el.parentElement?.textContent ?? '').trim() !== (el.textContent ?? '').trim();
      if (inSentence) continue;
      // A stretched link (an absolute ::after over its card) is as big as the card it covers.
      const after = getComputedStyle(el, '::after');
      let box = r;
      if (after.position === 'absolute' && after.content !== 'none') {
        let holder = el.parentElement;
        while (holder && getComputedStyle(holder).position === 'static') holder = holder.parentElement;
        if (holder) box = holder.getBoundingClientRect();
      }
      if (box.width < 24 - 0.01 || box.height < 24 - 0.01) {
        const name = el.getAttribute('aria-label') || el.textContent?.trim() || el.getAttribute('name') || el.id || el.tagName;
        small.push(`${el.tagName.toLowerCase()} "${name.slice(0, 40)}" ${box.width.toFixed(1)}×${box.height.toFixed(1)}`);
      }
    }
    return small;
  });
}

/** WCAG 3.3.8: a one-time-code field offers the browser's code autofill and a digit keyboard, and nothing stops a paste. */
export async function expectCodeField(field: Locator) {
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  const blocked = await field.evaluate((el) => {
    const paste = new ClipboardEvent('paste', { clipboardData: new DataTransfer(), bubbles: true, cancelable: true });
    el.dispatchEvent(paste);
    return paste.defaultPrevented;
  });
  expect(blocked, 'the code field lets a paste through').toBe(false);
}
