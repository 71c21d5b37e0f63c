// The header, signed in with the longest user name (twenty characters, of the widest letter), in
// English, Spanish and French at 320, 390, 768, 1024 and 1280 px, in Chromium against `npm start`'s
// server: nothing in it overlaps (the app's mark and name, the links or the menu button, the
// account's links, the language), all of it lies within the window on the header's one row; where
// the links are behind the menu, the open menu lies within the window and names the account.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitForAccount } from './accounts.js';
import { useApp } from './harness.js';
import { signUp } from './pages.js';
import { DESKTOP, openAt, overlap, problemsOf, type Box } from './screens.js';

const app = useApp();

/** The longest user name there can be: 20 characters (accounts/passwords.ts), the widest letter. */
const NAME = 'W'.repeat(20);
const WIDTHS = [320, 390, 768, 1024, 1280] as const;
const LANGS = ['en', 'es', 'fr'] as const;

interface Item extends Box {
  readonly what: string;
}

/** The header's box and the boxes of what it shows (a link behind the closed menu shows nothing). */
const headerItems = (page: Page): Promise<{ header: Box; items: Item[] }> =>
  page.evaluate(() => {
    const box = (el: Element, what: string) => {
      const r = el.getBoundingClientRect();
      return { what, x: r.x, y: r.y, width: r.width, height: r.height };
    };
    const shown = (el: Element) =>
      el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const header = document.querySelector('header.top')!;
    const items = [
      ...header.querySelectorAll('.brand, .menu-button, #main-menu > li > a, .lang select'),
    ].filter(shown);
    return {
      header: box(header, 'header'),
      items: items.map((el) =>
        box(el, el.getAttribute('data-testid') || el.getAttribute('class') || el.tagName.toLowerCase()),
      ),
    };
  });

/** Two frames, for the layout of a new width to settle. */
const frames = (page: Page): Promise<void> =>
  page.evaluate(
    () => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))),
  );

describe('the header, signed in with the longest name', () => {
  it('overlaps nothing in English, Spanish and French from 320 to 1280 px', async () => {
    const page = await openAt(app, app.server.url, DESKTOP);
    await signUp(page, NAME);
    await waitForAccount(page, NAME);
    for (const lang of LANGS) {
      await page.getByLabel(/Language|Idioma|Langue/).selectOption(lang);
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await frames(page);
        const where = `${lang} at ${width} px`;
        const { header, items } = await headerItems(page);
        expect(items.length, where).toBeGreaterThanOrEqual(3);
        for (const item of items) {
          expect(item.x, `${item.what}, ${where}: left edge`).toBeGreaterThanOrEqual(0);
          expect(item.x + item.width, `${item.what}, ${where}: right edge`).toBeLessThanOrEqual(width);
          expect(item.y, `${item.what}, ${where}: in the header's row`).toBeGreaterThanOrEqual(header.y);
          expect(item.y + item.height, `${item.what}, ${where}`).toBeLessThanOrEqual(
            header.y + header.height,
          );
        }
        for (const [i, a] of items.entries())
          for (const b of items.slice(i + 1))
            expect(overlap(a, b), `${a.what} and ${b.what} overlap, ${where}`).toBe(false);
        // One row: no taller than the language menu and its padding, twice over.
        const select = items.find((item) => item.what === 'select');
        if (select) expect(header.height, where).toBeLessThan(select.height * 2.5);

        // Behind the menu, the links open within the window, the account's among them.
        const menu = page.locator('header.top .menu-button');
        if (await menu.isVisible()) {
          await menu.click();
          const list = (await page.locator('#main-menu').boundingBox())!;
          expect(list.x, where).toBeGreaterThanOrEqual(0);
          expect(list.x + list.width, where).toBeLessThanOrEqual(width);
          await expect(page.getByTestId('nav-account').isVisible()).resolves.toBe(true);
          expect(await page.getByTestId('nav-account').textContent()).toBe(NAME);
          await page.keyboard.press('Escape');
          await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false');
        } else {
          await expect(page.getByTestId('nav-account').isVisible(), where).resolves.toBe(true);
        }
      }
    }
    expect(problemsOf(page)).toEqual([]);
  });
});
