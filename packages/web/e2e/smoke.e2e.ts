// The app as `npm start` serves it opens in Chromium, in the browser's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, startApp, type AppServer } from './harness.js';

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  server = await startApp();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the app', () => {
  it('opens in the browser’s language', async () => {
    for (const [locale, title] of [
      ['es-ES', 'Brandubh y Ard Ri'],
      ['en-GB', 'Brandubh & Ard Ri'],
      ['fr-FR', 'Brandubh et Ard-ri'],
    ] as const) {
      const { context, page } = await openPage(browser, server.url, locale);
      await expect(page.locator('header .brand').textContent()).resolves.toBe(title);
      await context.close();
    }
  });
});
