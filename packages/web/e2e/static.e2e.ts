// The app's files as Chromium gets them from `npm start`: the scripts compressed and kept for a
// year (hashed names), the page revalidated, the engine's worker chunk a module script, and no
// source map asked for nor served.
import { makeMoveSquares, playMoveRecord, presetById, startingPosition } from '@tafl/core';
import { readdirSync } from 'node:fs';
import { get } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { Page, Response } from 'playwright-core';
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

describe('the Content Security Policy', () => {
  const RULES = 'brandubh-2019';
  const square = (page: Page, name: string) => page.locator(`[role="gridcell"][aria-label^="${name},"]`);
  const plies = (page: Page) => page.locator('.move-list .move[data-ply]').allTextContents();

  it('a game against the computer, the analysis board and the WebSocket run without one violation', async () => {
    const context = await app.browser.newContext({ locale: 'en-GB', viewport: { width: 1200, height: 900 } });
    app.contexts.push(context);
    // Chromium says each refusal in the console, and fires securitypolicyviolation.
    await context.addInitScript(() => {
      const w = window as Window & { violations?: string[] };
      w.violations = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        w.violations!.push(`${e.effectiveDirective} ${e.blockedURI}`),
      );
    });
    const page = await context.newPage();
    const logged: string[] = [];
    const errors: string[] = [];
    page.on('console', (m) => {
      if (/Content.Security.Policy/i.test(m.text())) logged.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    const violations = async (): Promise<string[]> => [
      ...logged,
      ...(await page.evaluate(() => (window as Window & { violations?: string[] }).violations ?? [])),
    ];
    const document = await page.goto(app.server.url);
    expect(await document!.headerValue('content-security-policy')).toContain("script-src 'self'");

    // The computer (attackers, level 1) opens from its worker; the person answers; it replies.
    await page.getByRole('button', { name: 'Options: Play the computer' }).click();
    await page.locator('input[name="level"][value="1"]').check();
    await page.locator('input[name="side"][value="defenders"]').check();
    await page.getByRole('link', { name: 'Choose the rules' }).first().click();
    await page.locator(`.rulesets-card[data-rules="${RULES}"] button[data-way="computer"]`).click();
    await page.waitForSelector('.game-screen [role="grid"]');
    const longer = (n: number) =>
      page.waitForFunction((k) => document.querySelectorAll('.move-list .move[data-ply]').length >= k, n, {
        timeout: 15_000,
      });
    await longer(1);
    const pos = startingPosition(presetById(RULES)!);
    for (const m of await plies(page)) expect(playMoveRecord(pos, m).ok).toBe(true);
    const [from = '', to = ''] = makeMoveSquares(pos.geo, pos.legalMoves()[0]!).split('-');
    await square(page, from).click();
    await square(page, to).click();
    await longer(3);

    // The analysis board of that position: the engine's worker gives a line.
    const played = (await plies(page)).map((m) => /[a-z]\d+-[a-z]\d+/.exec(m)![0]);
    await page.goto(`${app.server.url}#/analysis?rules=${RULES}&moves=${played.join('+')}`);
    await page.waitForSelector('.analysis-screen [role="grid"]');
    await page.waitForSelector('.analysis-line', { timeout: 15_000 });

    // Online play's WebSocket, to the page's own origin (connect-src 'self' covers ws:).
    const hello = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/api/ws`);
          ws.onmessage = (e) => (resolve(String(e.data)), ws.close());
          ws.onerror = () => resolve('error');
        }),
    );
    expect(JSON.parse(hello)).toMatchObject({ t: 'hello' });

    expect(errors).toEqual([]);
    expect(await violations()).toEqual([]);
    // The listeners do hear a violation: an inline style is refused and reported.
    await page.evaluate(() => {
      const style = window.document.createElement('style');
      style.textContent = 'body { outline: 1px solid red }';
      window.document.head.append(style);
    });
    await page.waitForFunction(
      () => ((window as Window & { violations?: string[] }).violations ?? []).length > 0,
    );
    const heard = await violations();
    expect(heard.some((v) => /style-src/.test(v))).toBe(true);
    expect(logged.some((v) => /style/.test(v))).toBe(true);
  });

  it('no page of another site can frame the app', async () => {
    const context = await app.browser.newContext();
    app.contexts.push(context);
    const page = await context.newPage();
    const logged: string[] = [];
    page.on('console', (m) => logged.push(m.text()));
    await page.setContent(`<iframe src="${app.server.url}" width="600" height="400"></iframe>`);
    await page.waitForFunction(() => document.querySelector('iframe') !== null);
    await page.waitForTimeout(1500);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    // The frame shows Chromium's refusal, not the app.
    const app_ = frame
      ? await frame
          .locator('#app')
          .count()
          .catch(() => 0)
      : 0;
    expect(app_).toBe(0);
    expect(logged.some((t) => /frame-ancestors|X-Frame-Options/.test(t))).toBe(true);
  });
});
