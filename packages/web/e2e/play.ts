/**
 * What the online-play browser tests share (finished-games, join-link, live-play and
 * tournament-flow .e2e.ts): the board's squares by name, a move made by two clicks, and waits for
 * the move list, the status line and the header's menu.
 */

import type { Page } from 'playwright-core';

export const square = (page: Page, name: string) =>
  page.locator(`main [role="gridcell"][aria-label^="${name},"]`);

/** Clicks the piece on the move's first square, then its destination. */
export async function clickMove(page: Page, move: string): Promise<void> {
  const [from = '', to = ''] = move.split('-');
  await square(page, from).click();
  await square(page, to).click();
}

/** Waits until the page's list shows `n` confirmed moves and nothing pending. */
export async function waitForMoves(page: Page, n: number): Promise<void> {
  await page.waitForFunction(
    (count) =>
      document.querySelectorAll('.move-list .move[data-ply]').length === count &&
      document.querySelectorAll('.move-list .move[data-pending]').length === 0,
    n,
    { timeout: 20_000 },
  );
}

export async function waitForStatus(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (wanted) => document.querySelector('[data-testid="status"]')?.textContent === wanted,
    text,
    { timeout: 20_000 },
  );
}

/** Follows a link of the header, behind its menu where the links do not fit (a phone). */
export async function headerLink(page: Page, href: string): Promise<void> {
  const menu = page.locator('header.top .menu-button');
  if (await menu.isVisible()) await menu.click();
  await page.locator(`header.top #main-menu a[href^="${href}"]`).click();
  await page.waitForFunction((h) => location.hash.startsWith(h), href);
}

/** The game's id in the page's address (`#/online/ID`). */
export const gameIdOf = (page: Page): Promise<string> =>
  page.evaluate(() => location.hash.split('/')[2]!.split('?')[0]!);
