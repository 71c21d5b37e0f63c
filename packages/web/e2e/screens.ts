/**
 * What the browser tests of the screens at two sizes share (the team's standard: every screen at
 * 390×844 and 1280×800, asserting what is on screen and where, the focus, the keys, and no console
 * error or failed request): a page at a phone's size (a touch screen, as a phone has) or a
 * desktop's, watched for console errors, uncaught errors and failed requests; boxes, whether one
 * lies inside the window and whether two overlap; and what has the focus.
 */

import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { TestApp } from './harness.js';

export interface Size {
  readonly width: number;
  readonly height: number;
  /** A touch screen with no mouse: `(hover: none)` and `(pointer: coarse)` match. */
  readonly touch: boolean;
  readonly name: string;
}

export const PHONE: Size = { width: 390, height: 844, touch: true, name: 'a phone (390×844)' };
export const DESKTOP: Size = { width: 1280, height: 800, touch: false, name: 'a desktop (1280×800)' };
export const SIZES = [PHONE, DESKTOP] as const;

type Watched = Page & { problems?: string[] };

/** A page at `url` in a context of its own (closed with the app's), its problems kept for problemsOf. */
export async function openAt(app: TestApp, url: string, size: Size, locale = 'en-GB'): Promise<Page> {
  const context = await app.browser.newContext({
    locale,
    viewport: { width: size.width, height: size.height },
    hasTouch: size.touch,
    isMobile: size.touch,
  });
  app.contexts.push(context);
  const page: Watched = await context.newPage();
  const problems: string[] = [];
  page.problems = problems;
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  // (A request the page itself gave up, net::ERR_ABORTED, as a reload does the icon's, failed nowhere.)
  page.on('requestfailed', (r) => {
    const error = r.failure()?.errorText ?? '';
    if (error !== 'net::ERR_ABORTED') problems.push(`failed: ${r.method()} ${r.url()} ${error}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()}: ${r.request().method()} ${r.url()}`);
  });
  await page.goto(url);
  return page;
}

/** The console errors, uncaught errors, failed requests and error answers of a page opened by openAt. */
export const problemsOf = (page: Page): string[] => (page as Watched).problems ?? [];

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** An element's box in the window (CSS pixels); it must be shown. */
export async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, `${locator.toString()} has a box`).not.toBeNull();
  return box!;
}

/** The box lies wholly inside the window (half a pixel of rounding allowed). */
export function expectInView(box: Box, size: Size, what: string): void {
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(-0.5);
  expect(box.y, `${what}: top edge`).toBeGreaterThanOrEqual(-0.5);
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(size.width + 0.5);
  expect(box.y + box.height, `${what}: bottom edge`).toBeLessThanOrEqual(size.height + 0.5);
}

/** Two boxes share some area (touching edges do not count). */
export const overlap = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width - 0.5 &&
  b.x < a.x + a.width - 0.5 &&
  a.y < b.y + b.height - 0.5 &&
  b.y < a.y + a.height - 0.5;

/** What has the focus: its tag, role, accessible text and, on a board, the square's name. */
export const focusOf = (
  page: Page,
): Promise<{ tag: string; role: string | null; text: string; square: string | undefined }> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? 'none',
      role: el?.getAttribute('role') ?? null,
      text: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim().slice(0, 60),
      square: el?.closest('[role="grid"]') ? el.dataset['name'] : undefined,
    };
  });

/** The focus is on a square of the screen's board (inside `main`). */
export async function expectFocusOnBoard(page: Page, what: string): Promise<void> {
  await page
    .waitForFunction(() => document.activeElement?.closest('main [role="grid"]') != null, undefined, {
      timeout: 5000,
    })
    .catch(() => undefined);
  const focus = await focusOf(page);
  expect(focus.role, `${what}: the focus is on ${focus.tag} “${focus.text}”`).toBe('gridcell');
  expect(focus.square, what).toMatch(/^[a-g][1-7]$/);
}
