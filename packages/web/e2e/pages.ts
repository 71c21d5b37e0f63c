/**
 * What the players' browser tests share (player.e2e.ts, tournaments.e2e.ts): a page in a browser
 * context of its own that keeps its uncaught errors, requests made from the page as the app
 * makes them (its cookie, its origin, the session's CSRF token), signing up and resigning.
 */

import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { TestApp } from './harness.js';

export const PASSWORD = 'correct horse battery';

type Watched = Page & { errors?: string[] };

/** A page at `url` in a fresh context (closed with the app's), its errors kept for errorsOf. */
export async function openPage(app: TestApp, url: string, locale = 'en-GB'): Promise<Page> {
  const context = await app.browser.newContext({ locale, viewport: { width: 1200, height: 900 } });
  app.contexts.push(context);
  const page: Watched = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.errors = errors;
  await page.goto(url);
  return page;
}

/** The uncaught errors of a page opened by openPage. */
export const errorsOf = (page: Page): string[] => (page as Watched).errors ?? [];

/** A request from the page (its cookie, its origin), with the session's CSRF token on a POST. */
export async function call<T>(
  page: Page,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ path, body }) => {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (body !== undefined) {
        const account = (await (await fetch('api/account')).json()) as { csrf: string | null };
        if (account.csrf) headers['x-tafl-csrf'] = account.csrf;
      }
      const response = await fetch(path, {
        method: body === undefined ? 'GET' : 'POST',
        headers,
        cache: 'no-store',
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
    },
    { path, body },
  ) as Promise<{ status: number; body: T }>;
}

/** Signs up from the page, then reloads it (the app asks who is signed in when it loads). */
export async function signUp(page: Page, name: string): Promise<void> {
  const { status } = await call(page, 'api/account/signup', { name, password: PASSWORD });
  expect(status).toBe(201);
  await page.reload();
}

/** Resigns over the app's WebSocket, from the page, and waits until the server says the game ended. */
export async function resign(page: Page, id: string, token: string): Promise<void> {
  await page.evaluate(
    async ({ id, token }) => {
      const url = new URL('api/ws', location.href);
      url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
      url.hash = '';
      const ws = new WebSocket(url.href);
      await new Promise((resolve, reject) => {
        ws.onopen = resolve;
        ws.onerror = reject;
      });
      ws.send(JSON.stringify({ t: 'resign', game: id, token, re: 1 }));
      for (let i = 0; i < 100; i++) {
        const game = (await (await fetch(`api/games/${id}`, { cache: 'no-store' })).json()) as {
          status: string;
        };
        if (game.status === 'ended') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      ws.close();
    },
    { id, token },
  );
}
