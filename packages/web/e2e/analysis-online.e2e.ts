// The analysis board of an online game, in Chromium against `npm start`'s server: two players
// in two browser contexts play a game to its end; its game screen links to the analysis board,
// which shows the moves and the result the rules gave; the whole-game analysis run there is kept
// on the server, and a third person (another context, fresh storage) sees it at once without
// running it. An unfinished game is refused, by the board and by the server, until it ends (here
// by a resignation, which the board tells apart from a result of the rules); an aborted game has
// nothing to analyse.
//
// The game: brandubh-2019, 1. d6-a6 d5-a5 2. g4-g5 Kd4-d6 3. g5-d5, the king captured between d5
// and d7 (as in analysis.e2e.ts), Ann the attackers and Bob the defenders.
import type { GameAnalysis } from '@tafl/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from './harness.js';

const app = useApp();

const GAME = ['d6-a6', 'd5-a5', 'g4-g5', 'd4-d6', 'g5-d5'];
/** The same moves as the game's records, with their captures: the paths of the move list. */
const RECORDS = ['d6-a6', 'd5-a5xa6', 'g4-g5', 'd4-d6'];
/** As the board's move list shows them (game/notation.ts): K for the king, its capture and ++. */
const SHOWN = ['d6-a6', 'd5-a5xa6', 'g4-g5', 'Kd4-d6', 'g5-d5xKd6++'];

/** A page in a new context: its own storage, as another person's browser. */
async function open(url: string): Promise<Page> {
  const context = await app.browser.newContext({ locale: 'en-GB', viewport: { width: 1200, height: 900 } });
  app.contexts.push(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  (page as Page & { errors?: string[] }).errors = errors;
  await page.goto(url);
  return page;
}
const errorsOf = (page: Page): string[] => (page as Page & { errors?: string[] }).errors ?? [];

const square = (page: Page, name: string) => page.locator(`[role="gridcell"][aria-label^="${name},"]`);

async function clickMove(page: Page, move: string): Promise<void> {
  const [from = '', to = ''] = move.split('-');
  await square(page, from).click();
  await square(page, to).click();
}

/** Waits until the online game's list shows `n` confirmed moves and nothing pending. */
async function waitForMoves(page: Page, n: number): Promise<void> {
  await page.waitForFunction(
    (count) =>
      document.querySelectorAll('.move-list .move[data-ply]').length === count &&
      document.querySelectorAll('.move-list .move[data-pending]').length === 0,
    n,
    { timeout: 20_000 },
  );
}

/** Ann creates a game as the attackers, Bob joins it by its link; both see Ann to move. */
async function startGame(): Promise<{ ann: Page; bob: Page; id: string }> {
  const ann = await open(app.server.url);
  await ann.getByRole('button', { name: 'Options: Play online' }).click();
  await ann.locator('input[name="online-side"][value="attackers"]').check();
  await ann.locator('input[name="time"][value="none"]').check();
  await ann.locator('input[name="online-name"]').fill('Ann');
  await ann.getByRole('button', { name: 'Play online', exact: true }).click();
  const link = await ann.getByTestId('online-link').inputValue();
  const bob = await open(link);
  await bob.locator('.join-seat input[name="online-name"]').fill('Bob');
  await bob.getByRole('button', { name: 'Take the seat' }).click();
  await ann.getByTestId('status').filter({ hasText: 'Your move' }).waitFor();
  return { ann, bob, id: link.slice(link.lastIndexOf('/') + 1) };
}

/** The judged moves of the board's move list: "path: judgement". */
const judgementsOf = (page: Page): Promise<string[]> =>
  page.locator('.tree-main .move[data-path]').evaluateAll((moves) =>
    moves.flatMap((m) => {
      const j = /\bmove-(inaccuracy|mistake|blunder)\b/.exec(m.className)?.[1];
      return j ? [`${m.getAttribute('data-path')}: ${j}`] : [];
    }),
  );

const analysisUrl = (id: string): string => `${app.server.url}api/games/${id}/analysis`;

describe('the analysis board of an online game', () => {
  it('opens a finished game, and keeps its whole-game analysis on the server for everyone', async () => {
    const { ann, bob, id } = await startGame();
    for (const [i, move] of GAME.entries()) {
      await clickMove(i % 2 === 0 ? ann : bob, move);
      for (const page of [ann, bob]) await waitForMoves(page, i + 1);
    }
    // Ann, the attackers' player, is told her own result.
    await ann.locator('.banner-end').filter({ hasText: 'You won.' }).waitFor();
    // Nothing is kept before anyone analyses the game.
    const none = await fetch(analysisUrl(id));
    expect(none.status).toBe(404);

    // The game screen's link opens the board on the game's final position: its moves, and the
    // result the rules gave (the king captured), not a search score.
    await ann.getByRole('link', { name: 'Analysis board' }).click();
    await ann.waitForSelector('.analysis-screen [role="grid"]');
    expect(await ann.evaluate(() => location.hash)).toBe(`#/analysis/online/${id}`);
    await expect(ann.locator('.tree-main > .move:not(.tree-start)').allTextContents()).resolves.toEqual(
      SHOWN,
    );
    await expect(ann.locator('.analysis-result').textContent()).resolves.toBe(
      'The attackers won. The king was captured on d6.',
    );
    await expect(ann.getByTestId('analysis-figure').count()).resolves.toBe(0);
    await expect(ann.locator('.analysis-ending').count()).resolves.toBe(0);
    await expect(ann.locator('.analysis-kept').textContent()).resolves.toContain('on the server');
    await expect(ann.getByRole('link', { name: 'Back to the game' }).getAttribute('href')).resolves.toBe(
      `#/online/${id}`,
    );

    // The whole game analysed: a graph of its six positions, the king's walk into the capture
    // (2. … Kd4-d6) marked a blunder.
    await ann.getByRole('button', { name: 'Analyse the whole game' }).click();
    await ann.waitForSelector('progress[data-testid="analysis-progress"]');
    await ann.waitForFunction(
      () => document.querySelector('[data-testid="analysis-progress"]') === null,
      undefined,
      { timeout: 30_000 },
    );
    const d = (await ann.locator('.eval-graph .eval-line').getAttribute('d'))!;
    expect(d.split('L')).toHaveLength(GAME.length + 1);
    const marks = await judgementsOf(ann);
    expect(marks).toContain(`${RECORDS.join(' ')}: blunder`);
    const dots = await ann.locator('.eval-graph [class*="eval-dot-"]').count();
    expect(dots).toBe(marks.length);
    const analysed = await ann.locator('.analysis-game .note').first().textContent();
    expect(analysed).toMatch(/^The game is analysed \(depth \d+\)\.$/);

    // The server keeps it: version 2, one entry per position, the last one the rules' result.
    let kept: Response | undefined;
    for (let i = 0; i < 50 && kept?.status !== 200; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 100));
      kept = await fetch(analysisUrl(id));
    }
    expect(kept?.status).toBe(200);
    const stored = (await kept!.json()) as GameAnalysis;
    expect(stored.version).toBe(2);
    expect(stored.plies).toHaveLength(GAME.length + 1);
    expect(stored.plies.at(-1)?.result).toBe('attackers');
    expect(analysed).toBe(`The game is analysed (depth ${stored.depth}).`);
    await expect(ann.locator('.analysis-game [role="status"]').count()).resolves.toBe(0);

    // Someone else, in a browser of their own, opens the board and sees the analysis at once:
    // the same graph and marks, no button to analyse, no progress, nothing searched.
    const eve = await open(`${app.server.url}#/analysis/online/${id}`);
    await eve.waitForSelector('.eval-graph .eval-line');
    await expect(eve.locator('.eval-graph .eval-line').getAttribute('d')).resolves.toBe(d);
    await expect(judgementsOf(eve)).resolves.toEqual(marks);
    await expect(eve.locator('.eval-graph [class*="eval-dot-"]').count()).resolves.toBe(dots);
    await expect(eve.locator('.analysis-game .note').first().textContent()).resolves.toBe(analysed);
    await expect(eve.getByRole('button', { name: 'Analyse the whole game' }).count()).resolves.toBe(0);
    // The way back to the game itself is offered.
    await expect(eve.getByRole('link', { name: 'Back to the game' }).getAttribute('href')).resolves.toBe(
      `#/online/${encodeURIComponent(id)}`,
    );
    await expect(eve.getByTestId('analysis-progress').count()).resolves.toBe(0);
    await expect(eve.locator('.analysis-result').textContent()).resolves.toBe(
      'The attackers won. The king was captured on d6.',
    );
    for (const page of [ann, bob, eve]) expect(errorsOf(page)).toEqual([]);
  });

  it('refuses an unfinished game, on the board and on the server, and opens it once resigned', async () => {
    const { ann, bob, id } = await startGame();
    await clickMove(ann, 'b4-b2');
    await waitForMoves(bob, 1);
    // No link to the board while the game goes on, and the board's route says why it shows none.
    await expect(ann.getByTestId('analysis-board-link').count()).resolves.toBe(0);
    const eve = await open(`${app.server.url}#/analysis/online/${id}`);
    await eve.getByText('This online game has not ended yet: it can be analysed once it is over.').waitFor();
    await expect(eve.locator('[role="grid"]').count()).resolves.toBe(0);
    await expect(eve.getByRole('button', { name: 'Analyse the whole game' }).count()).resolves.toBe(0);
    // The way back to the game itself is offered.
    await expect(eve.getByRole('link', { name: 'Back to the game' }).getAttribute('href')).resolves.toBe(
      `#/online/${encodeURIComponent(id)}`,
    );

    // The server keeps no analysis of it: a well-formed one is refused as the game is not over.
    const analysis: GameAnalysis = {
      version: 2,
      depth: 1,
      plies: [
        { score: 0, pv: ['b4-b2'], depth: 1 },
        { score: 0, pv: ['d5-f5'], depth: 1 },
      ],
    };
    const put = await fetch(analysisUrl(id), {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(analysis),
    });
    expect(put.status).toBe(409);
    expect(((await put.json()) as { error: { code: string } }).error.code).toBe('analysis/not-over');
    expect((await fetch(analysisUrl(id))).status).toBe(404);

    // Bob resigns: the game is over, and the board opens on its last position, which the rules
    // have not finished (the engine's to judge), saying how the game ended there.
    await bob.getByRole('button', { name: 'Resign' }).click();
    await bob.getByRole('group', { name: 'Resign the game?' }).getByRole('button', { name: 'Yes' }).click();
    await ann.getByRole('link', { name: 'Analysis board' }).waitFor();
    await eve.reload();
    await eve.waitForSelector('.analysis-screen [role="grid"]');
    await expect(eve.locator('.tree-main > .move:not(.tree-start)').allTextContents()).resolves.toEqual([
      'b4-b2',
    ]);
    await expect(eve.locator('.analysis-ending').textContent()).resolves.toBe(
      'The game ended here: The defenders resigned.',
    );
    await expect(eve.locator('.analysis-result').count()).resolves.toBe(0);
    await expect(eve.getByTestId('analysis-figure').count()).resolves.toBe(1);
    await expect(eve.getByRole('button', { name: 'Analyse the whole game' }).count()).resolves.toBe(1);
    for (const page of [ann, bob, eve]) expect(errorsOf(page)).toEqual([]);
  });

  it('says that a game aborted before its first move has nothing to analyse', async () => {
    const { ann, id } = await startGame();
    await ann.getByRole('button', { name: 'Abort the game' }).click();
    await ann.locator('.banner-end').filter({ hasText: 'No result.' }).waitFor();
    await expect(ann.getByTestId('analysis-board-link').count()).resolves.toBe(0);
    await ann.goto(`${app.server.url}#/analysis/online/${id}`);
    await ann
      .getByText('This online game was aborted before its first move: there is nothing to analyse.')
      .waitFor();
    await expect(ann.locator('[role="grid"]').count()).resolves.toBe(0);
  });
});
