// The puzzle page (#/puzzles) in Chromium, from the puzzles the app ships (src/puzzles/
// puzzle-data.json, written by tafl puzzles build): reached from the header; a puzzle's prompt;
// a wrong first move refused and said, the board unchanged; the solution's moves played by
// clicking the squares, each answered by the stored reply, to "Solved!", which is kept after a
// reload; the solution shown on request; in Spanish and French when the language is switched; on a
// phone's width.
import { makeMoveRecord, makeMoveSquares } from '@tafl/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { moveNotation } from '../src/game/notation.js';
import { PUZZLE_DATA, positionAt, type Puzzle } from '../src/puzzles/data.js';
import { useApp } from './harness.js';
import { errorsOf, openPage } from './pages.js';

const app = useApp();

const square = (page: Page, name: string) => page.locator(`[role="gridcell"][aria-label^="${name},"]`);
const status = (page: Page) => page.locator('.puzzle-status');

/** The move of a puzzle's line at `ply` as the page writes it (game/notation.ts: K, captures, signs). */
const shown = (p: Puzzle, ply: number): string => makeMoveRecord(positionAt(p, ply + 1));

/** The longest puzzle of the first ruleset: several moves to play. */
const puzzle: Puzzle = PUZZLE_DATA.puzzles
  .filter((p) => p.rules === PUZZLE_DATA.puzzles[0]!.rules)
  .reduce((a, b) => (b.moves > a.moves ? b : a));

async function click(page: Page, move: string): Promise<void> {
  const [from = '', to = ''] = move.split('-');
  await square(page, from).click();
  await square(page, to).click();
}

describe('the puzzle page', () => {
  it('refuses a wrong move, answers each right one, and ends in “Solved!”, kept after a reload', async () => {
    const page = await openPage(app, `${app.server.url}#/`);
    await page.getByRole('link', { name: 'Puzzles' }).click();
    await page.getByRole('heading', { level: 1, name: 'Puzzles' }).waitFor();
    expect(await page.title()).toMatch(/^Puzzles — /);

    await page.goto(`${app.server.url}#/puzzles/${puzzle.id}`);
    const side = puzzle.turn === 'attackers' ? 'Attackers' : 'Defenders';
    await page.getByText(`${side} to play and win in ${puzzle.moves} moves.`).waitFor();
    expect(await status(page).textContent()).toBe('Your move.');

    // Any other first move is wrong: the puzzle's first move is the only one that wins this fast.
    const start = positionAt(puzzle, 0);
    const wrongMove = start.legalMoves().find((m) => makeMoveSquares(start.geo, m) !== puzzle.line[0])!;
    const wrong = makeMoveSquares(start.geo, wrongMove);
    const before = await square(page, wrong.split('-')[0]!).getAttribute('aria-label');
    await click(page, wrong);
    await page
      .getByText(
        `${moveNotation(start, wrongMove)} does not win in ${puzzle.moves} moves. Try again, or show the solution.`,
      )
      .waitFor();
    expect(await square(page, wrong.split('-')[0]!).getAttribute('aria-label')).toBe(before);

    // The line: each of the winner's moves, then the stored reply played by the page.
    for (let ply = 0; ply < puzzle.line.length; ply += 2) {
      await click(page, puzzle.line[ply]!);
      if (ply + 1 < puzzle.line.length)
        await page.getByText(`Right! The reply: ${shown(puzzle, ply + 1)}. Your move.`).waitFor();
    }
    await page.getByText('Solved!', { exact: true }).waitFor();
    const solvedLine = /Solved: (\d+) of \d+ puzzles of this ruleset\./;
    expect(await page.locator('.puzzle-progress').textContent()).toMatch(solvedLine);
    expect((await page.locator('.puzzle-progress').textContent())!.match(solvedLine)![1]).toBe('1');

    await page.reload();
    await page.getByText('You have solved this puzzle before.').waitFor();
    expect((await page.locator('.puzzle-progress').textContent())!.match(solvedLine)![1]).toBe('1');

    // The solution on request; the next puzzle.
    await page.getByRole('button', { name: 'Show the solution' }).click();
    await page.getByText(`The solution: ${puzzle.line.map((_, i) => shown(puzzle, i)).join(' ')}.`).waitFor();
    await page.getByRole('button', { name: 'Next puzzle' }).click();
    await page.waitForFunction((id) => location.hash !== `#/puzzles/${id}`, puzzle.id);
    expect(errorsOf(page)).toEqual([]);
  });

  it('is in Spanish and in French when the language is switched', async () => {
    const page = await openPage(app, `${app.server.url}#/puzzles/${puzzle.id}`);
    await page.getByRole('heading', { level: 1, name: 'Puzzles' }).waitFor();
    const spanishSide = puzzle.turn === 'attackers' ? 'atacantes' : 'defensores';
    const frenchSide = puzzle.turn === 'attackers' ? 'assaillants' : 'défenseurs';
    for (const [lang, title, prompt] of [
      ['es', 'Problemas', `Juegan los ${spanishSide} y ganan en ${puzzle.moves} jugadas.`],
      ['fr', 'Problèmes', `Les ${frenchSide} jouent et gagnent en ${puzzle.moves} coups.`],
    ] as const) {
      await page.getByLabel(/Language|Idioma|Langue/).selectOption(lang);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.getByText(prompt).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    }
    expect(errorsOf(page)).toEqual([]);
  });

  it('fits a phone: the board and its panel no wider than the screen', async () => {
    const context = await app.browser.newContext({ locale: 'en-GB', viewport: { width: 360, height: 740 } });
    app.contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${app.server.url}#/puzzles/${puzzle.id}`);
    await page.locator('.puzzle-status').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const board = await page.locator('[role="grid"]').boundingBox();
    expect(board!.width).toBeGreaterThan(300);
  });
});
