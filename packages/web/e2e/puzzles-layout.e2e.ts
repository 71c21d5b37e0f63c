// The puzzle page at a phone's size (390×844, a touch screen) and a desktop's (1280×800), in
// Chromium against `npm start`'s server, from the puzzles the app ships (src/puzzles/
// puzzle-data.json): the page opens on the recommended ruleset (the start page's, game/prefs.ts),
// not on the first of the data; the whole board, the task ("Attackers to play and win…") and the
// answer ("Your move.", "Solved!") are on screen when a puzzle opens, after each move of its line
// is played by tapping (clicking) the squares, low ones included (the focus of a square below the
// window's edge once scrolled the page), and at "Solved!"; the page never scrolls on the way.
import { makeMoveRecord } from '@tafl/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RECOMMENDED_RULES } from '../src/game/prefs.js';
import { PUZZLE_DATA, positionAt, type Puzzle } from '../src/puzzles/data.js';
import { useApp } from './harness.js';
import { SIZES, boxOf, expectInView, openAt, problemsOf, type Size } from './screens.js';

const app = useApp();

/** The winner's moves of a puzzle's line. */
const winnersMoves = (p: Puzzle): string[] => p.line.filter((_, i) => i % 2 === 0);
/** How many of them start or end on the two lowest ranks. */
const lowMoves = (p: Puzzle): number => winnersMoves(p).filter((m) => /[a-g][12]\b/.test(m)).length;

/** The recommended ruleset's puzzle with the most moves on the lowest ranks (the longest of those). */
const puzzle: Puzzle = PUZZLE_DATA.puzzles
  .filter((p) => p.rules === RECOMMENDED_RULES)
  .reduce((a, b) =>
    lowMoves(b) > lowMoves(a) || (lowMoves(b) === lowMoves(a) && b.moves > a.moves) ? b : a,
  );

const square = (page: Page, name: string) => page.locator(`[role="gridcell"][aria-label^="${name},"]`);

async function press(page: Page, size: Size, name: string): Promise<void> {
  if (size.touch) await square(page, name).tap();
  else await square(page, name).click();
}

/** The whole board, the task and the answer wholly in view, and the page not scrolled. */
async function expectPuzzleInView(page: Page, size: Size, when: string): Promise<void> {
  expectInView(await boxOf(page.locator('.puzzle-screen .tb')), size, `the board, ${when}`);
  expectInView(await boxOf(page.locator('.puzzle-prompt')), size, `the task, ${when}`);
  expectInView(await boxOf(page.locator('.puzzle-status')), size, `the answer, ${when}`);
  expect(await page.evaluate(() => scrollY), `the page's scroll, ${when}`).toBe(0);
}

describe('the puzzle page at two sizes', () => {
  it('opens on the recommended ruleset, not the first of the data', async () => {
    expect(PUZZLE_DATA.puzzles[0]!.rules).not.toBe(RECOMMENDED_RULES);
    const page = await openAt(app, `${app.server.url}#/puzzles`, SIZES[1]);
    await page.locator('.puzzle-status').waitFor();
    expect(await page.locator('#puzzle-rules').inputValue()).toBe(RECOMMENDED_RULES);
    expect(await page.locator('.puzzle-link a').textContent()).toMatch(
      new RegExp(`^${RECOMMENDED_RULES}-\\d+$`),
    );
    expect(problemsOf(page)).toEqual([]);
  });

  for (const size of SIZES) {
    it(`shows the whole board, the task and the answer while the puzzle is solved, on ${size.name}`, async () => {
      expect(lowMoves(puzzle)).toBeGreaterThan(0);
      const page = await openAt(app, `${app.server.url}#/puzzles/${puzzle.id}`, size);
      await page.locator('.puzzle-status').waitFor();
      const side = puzzle.turn === 'attackers' ? 'Attackers' : 'Defenders';
      expect(await page.locator('.puzzle-prompt').textContent()).toBe(
        `${side} to play and win in ${puzzle.moves} moves.`,
      );
      expect(await page.locator('.puzzle-status').textContent()).toBe('Your move.');
      await expectPuzzleInView(page, size, 'when the puzzle opens');

      for (let ply = 0; ply < puzzle.line.length; ply += 2) {
        const [from = '', to = ''] = puzzle.line[ply]!.split('-');
        await press(page, size, from);
        await press(page, size, to);
        if (ply + 1 < puzzle.line.length) {
          // The reply as the page writes moves (game/notation.ts: K, captures, signs).
          const reply = makeMoveRecord(positionAt(puzzle, ply + 2));
          await page.getByText(`Right! The reply: ${reply}. Your move.`).waitFor();
          await expectPuzzleInView(page, size, `after ${puzzle.line[ply]}`);
        }
      }
      await page.getByText('Solved!', { exact: true }).waitFor();
      await expectPuzzleInView(page, size, 'when it is solved');
      expect(problemsOf(page)).toEqual([]);
    });
  }
});
