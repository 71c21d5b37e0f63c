// The app as `npm start` serves it opens in Chromium, in the browser's language.
import { describe, expect, it } from 'vitest';
import { openPage, useApp } from './harness.js';

const app = useApp();

describe('the app', () => {
  it('opens in the browser’s language', async () => {
    for (const [locale, title] of [
      ['es-ES', 'Brandubh y Ard Ri'],
      ['en-GB', 'Brandubh & Ard Ri'],
      ['fr-FR', 'Brandubh et Ard-ri'],
    ] as const) {
      const { context, page } = await openPage(app.browser, app.server.url, locale);
      await expect(page.locator('header .brand').textContent()).resolves.toBe(title);
      await context.close();
    }
  });

  it('loads a screen’s code when first opened, and says so with a reload button when it cannot', async () => {
    const { context, page } = await openPage(app.browser, app.server.url);
    // The start page does not load the rules pages' code.
    const loaded: string[] = [];
    page.on('request', (r) => loaded.push(new URL(r.url()).pathname));
    await page.locator('header .brand').waitFor();
    expect(loaded.some((p) => /RulesScreen-/.test(p))).toBe(false);
    // The network fails for the analysis board's chunk: the page says so instead of going blank.
    await page.route(/AnalysisScreen-[^/]*\.js$/, (route) => route.abort('internetdisconnected'));
    await page.goto(`${app.server.url}#/analysis?rules=brandubh-2019`);
    await page.getByRole('alert').getByText('Could not load this page').waitFor();
    await expect(page.getByRole('button', { name: 'Reload' }).count()).resolves.toBe(1);
    // With the network back, the rules pages open from a link.
    await page.unroute(/AnalysisScreen-[^/]*\.js$/);
    await page.goto(`${app.server.url}#/rules/brandubh-2019`);
    await page.locator('h1').filter({ hasText: 'Brandubh' }).first().waitFor();
    expect(loaded.some((p) => /RulesScreen-/.test(p))).toBe(true);
    await context.close();
  });

  it('runs in a test browser without the hidden pages that cost CPU, and with playwright’s own switches', async () => {
    const { context, page } = await openPage(app.browser, app.server.url);
    await page.locator('header .brand').waitFor();
    // No hidden omnibox popup (chromium.ts): the browser's only pages are the tests' own.
    const session = await app.browser.newBrowserCDPSession();
    const { targetInfos } = (await session.send('Target.getTargets', { filter: [{}] })) as {
      targetInfos: { type: string; url: string }[];
    };
    expect(targetInfos.filter((t) => t.type === 'browser_ui').map((t) => t.url)).toEqual([]);
    // Playwright's features left out too (one of its list): the global set-up merged the two lists.
    const version = await context.newPage();
    await version.goto('chrome://version');
    const commandLine = (await version.locator('#command_line').textContent()) ?? '';
    const disabled = [...commandLine.matchAll(/--disable-features=(\S+)/g)].map((m) => m[1]!.split(','));
    expect(disabled.at(-1)).toEqual(expect.arrayContaining(['WebUIOmniboxPopup', 'PaintHolding']));
    await session.detach();
    await context.close();
  });
});
