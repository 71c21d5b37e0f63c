// The analysis board at a phone's size (390×844, a touch screen) and a desktop's (1280×800), in
// Chromium against `npm start`'s server (the team's standard: "the board and the controls that act
// on it are on screen together at 390×844; lists scroll inside themselves, not the page"):
// - the step controls sit directly under the board, and the board and its controls stay in view
//   together when the screen opens, when the page is scrolled to its end and a move of the list is
//   chosen there, and after a step;
// - the move list scrolls inside itself, and keeps the move shown in view;
// - a touch screen is not told about arrow keys; a desktop is.
// The game: forty plies of brandubh-2019 chosen by a seeded random walk over the core's legal moves
// (none ends the game), long enough for the move list to scroll.
import { makeMoveSquares, presetById, seededRandom, startingPosition } from '@tafl/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from './harness.js';
import { SIZES, boxOf, expectInView, openAt, problemsOf, type Size } from './screens.js';

const app = useApp();

/** Forty plies of brandubh-2019, none of which ends the game. */
function longGame(): string[] {
  const pos = startingPosition(presetById('brandubh-2019')!);
  const random = seededRandom(7);
  const moves: string[] = [];
  while (moves.length < 40) {
    const open = pos.legalMoves().filter((m) => {
      pos.play(m);
      const over = pos.isOver();
      pos.undo();
      return !over;
    });
    const move = open[Math.floor(random() * open.length)]!;
    moves.push(makeMoveSquares(pos.geo, move));
    pos.play(move);
  }
  return moves;
}

const GAME = longGame();

/** The plies of the position shown, read from the move list's current move. */
const shownPlies = (page: Page): Promise<number> =>
  page
    .locator('.tree-box .move[aria-current="true"]')
    .getAttribute('data-path')
    .then((path) => (path ? path.split(' ').length : 0));

/** Whether the move list shows its current move within its own view (once it has scrolled to it). */
const shownInList = (page: Page): Promise<boolean> =>
  page
    .waitForFunction(
      () => {
        const list = document.querySelector('.tree-box')!.getBoundingClientRect();
        const shown = document.querySelector('.tree-box .move[aria-current="true"]')!.getBoundingClientRect();
        return shown.top >= list.top - 0.5 && shown.bottom <= list.bottom + 0.5;
      },
      undefined,
      { timeout: 5000 },
    )
    .then(
      () => true,
      () => false,
    );

/** The board and its step controls: both wholly in view, the controls directly under the board. */
async function expectBoardWithControls(page: Page, size: Size, when: string): Promise<void> {
  const board = await boxOf(page.locator('.analysis-screen .tb'));
  const controls = await boxOf(page.getByRole('group', { name: 'Step through the game' }));
  expectInView(board, size, `the board, ${when}`);
  expectInView(controls, size, `the step controls, ${when}`);
  const below = controls.y - (board.y + board.height);
  expect(below, `the controls directly under the board, ${when}`).toBeGreaterThanOrEqual(-0.5);
  expect(below, `the controls directly under the board, ${when}`).toBeLessThan(20);
  expect(controls.x, `the controls within the board's width, ${when}`).toBeGreaterThanOrEqual(board.x - 0.5);
  expect(controls.x + controls.width).toBeLessThanOrEqual(board.x + board.width + 0.5);
}

describe('the analysis board at two sizes', () => {
  for (const size of SIZES) {
    it(`keeps the board and its step controls on screen together on ${size.name}`, async () => {
      const page = await openAt(
        app,
        `${app.server.url}#/analysis?rules=brandubh-2019&moves=${GAME.join('+')}`,
        size,
      );
      await page.waitForSelector('.analysis-screen [role="grid"]');
      await expectBoardWithControls(page, size, 'when the screen opens');
      expect(await shownPlies(page)).toBe(GAME.length);

      // The move list scrolls inside itself, the move shown (the last) in its view.
      const list = page.getByRole('region', { name: 'Moves' });
      const scroll = await list.evaluate((el) => ({
        overflow: getComputedStyle(el).overflowY,
        more: el.scrollHeight - el.clientHeight,
      }));
      expect(scroll.overflow).toBe('auto');
      expect(scroll.more).toBeGreaterThan(0);
      await expect(shownInList(page)).resolves.toBe(true);

      // The page scrolled to its end, a move near the start of the list is chosen there.
      await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
      const third = list.locator('.move[data-path]').nth(3);
      if (size.touch) await third.tap();
      else await third.click();
      await page.waitForFunction(
        () =>
          document
            .querySelector('.tree-box .move[aria-current="true"]')
            ?.getAttribute('data-path')
            ?.split(' ').length === 3,
      );
      await expectBoardWithControls(page, size, 'after a move of the list is chosen');

      // A step with the controls.
      const next = page.getByRole('button', { name: 'Next move' });
      if (size.touch) await next.tap();
      else await next.click();
      expect(await shownPlies(page)).toBe(4);
      await expectBoardWithControls(page, size, 'after a step');

      // The keys are said where there is a keyboard's pointer, not on a touch screen.
      expect(await page.locator('.analysis-keys').isVisible()).toBe(!size.touch);
      expect(problemsOf(page)).toEqual([]);
    });
  }
});
