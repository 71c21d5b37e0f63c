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
});
