// The app's files as Chromium gets them from `npm start`: the scripts compressed and kept for a
// year (hashed names), the page revalidated, the engine's worker chunk a module script, and no
// source map asked for nor served.
import { readdirSync } from 'node:fs';
import { get } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, useApp } from './harness.js';

const app = useApp();
const ASSETS = fileURLToPath(new URL('../dist/assets/', import.meta.url));
const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('the static files', () => {
  it('the page is revalidated, its scripts and styles come compressed and immutable', async () => {
    const context = await app.browser.newContext();
    app.contexts.push(context);
    const page = await context.newPage();
    const responses: Response[] = [];
    page.on('response', (r) => responses.push(r));
    await page.goto(app.server.url);
    await page.waitForLoadState('load');

    const doc = responses.find((r) => r.request().resourceType() === 'document')!;
    const docHeaders = await doc.allHeaders();
    expect(docHeaders['cache-control']).toBe('no-cache');
    expect(docHeaders.etag).toBeTruthy();
    expect(docHeaders['content-encoding']).toBe('br');

    const assets = responses.filter((r) => new URL(r.url()).pathname.startsWith('/assets/'));
    const script = assets.find((r) => /\/assets\/main-[^/]+\.js$/.test(r.url()))!;
    expect(script).toBeDefined();
    const css = assets.find((r) => r.url().endsWith('.css'))!;
    expect(css).toBeDefined();
    for (const r of [script, css]) {
      const headers = await r.allHeaders();
      expect(headers['content-encoding'], r.url()).toBe('br');
      expect(headers['cache-control'], r.url()).toBe(IMMUTABLE);
      expect(headers.vary, r.url()).toMatch(/accept-encoding/i);
    }
    expect((await script.allHeaders())['content-type']).toMatch(/javascript/);
    // Nothing the page loaded pointed at a source map.
    expect(responses.some((r) => r.url().endsWith('.map'))).toBe(false);

    // A reload asks for the page again with its ETag (Chromium then shows its copy, status 200,
    // whether the server answered 304 or not: the server's answer is checked from here).
    const reloaded = await page.reload();
    expect(await reloaded?.request().headerValue('if-none-match')).toBe(docHeaders.etag);
    const conditional = await new Promise<number>((resolve, reject) =>
      get(
        app.server.url,
        { headers: { 'accept-encoding': 'br', 'if-none-match': docHeaders.etag! } },
        (r) => {
          r.resume();
          resolve(r.statusCode ?? 0);
        },
      ).on('error', reject),
    );
    expect(conditional).toBe(304);
  });

  it("the engine's worker chunk starts as a module worker", async () => {
    const worker = readdirSync(ASSETS).find((f) => /^browser-worker-.*\.js$/.test(f));
    expect(worker).toBeDefined();
    const { context, page } = await openPage(app.browser, app.server.url);
    app.contexts.push(context);
    const served = await page.evaluate(async (path) => {
      const r = await fetch(path, { cache: 'no-store' });
      return { type: r.headers.get('content-type'), cache: r.headers.get('cache-control') };
    }, `/assets/${worker!}`);
    expect(served.type).toMatch(/javascript/);
    expect(served.cache).toBe(IMMUTABLE);
    // A module worker whose script cannot load (or is not served as JavaScript) fires `error`.
    const outcome = await page.evaluate(
      (path) =>
        new Promise<string>((resolve) => {
          const w = new Worker(path, { type: 'module' });
          w.addEventListener('error', () => resolve('error'));
          setTimeout(() => {
            w.terminate();
            resolve('running');
          }, 1500);
        }),
      `/assets/${worker!}`,
    );
    expect(outcome).toBe('running');
  });

  it('source maps are not served', async () => {
    const map = readdirSync(ASSETS).find((f) => f.endsWith('.js.map'));
    expect(map).toBeDefined();
    const { context, page } = await openPage(app.browser, app.server.url);
    app.contexts.push(context);
    const status = await page.evaluate(async (path) => (await fetch(path)).status, `/assets/${map!}`);
    expect(status).toBe(404);
  });
});
