// The analysis board in Chromium against the real server: a finished game opened from its game
// screen shows the rules' result on its final position (never a search score); an unfinished
// position gets the engine's best line and an arrow on the board; a move of the line walks into
// it; a move played on the board makes a variation; three lines on request; the move list is
// numbered by moves; fewer lines than asked at a start say why; the whole game is analysed with a
// progress bar, drawn as a graph, and the analysis survives a reload.
//
// The game: brandubh-2019, 1. d6-a6 d5-a5 2. g4-g5 Kd4-d6 3. g5-d5, the king captured between d5
// and d7 (found by a helpmate search with the core: the shortest attackers' win from the start).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, useApp } from './harness.js';

const app = useApp();

const GAME = ['d6-a6', 'd5-a5', 'g4-g5', 'd4-d6', 'g5-d5'];
/** The same moves as the tree keeps them (its paths), with their captures (d5-a5 takes a6; ++ the king). */
const RECORDS = ['d6-a6', 'd5-a5xa6', 'g4-g5', 'd4-d6', 'g5-d5++'];
/** And as the app shows them (game/notation.ts): the king's move marked K, his capture xKd6. */
const SHOWN = ['d6-a6', 'd5-a5xa6', 'g4-g5', 'Kd4-d6', 'g5-d5xKd6++'];

async function open(hash: string, viewport?: { width: number; height: number }): Promise<Page> {
  const { context, page } = await openPage(app.browser, `${app.server.url}${hash}`);
  app.contexts.push(context);
  if (viewport) await page.setViewportSize(viewport);
  return page;
}

const square = (page: Page, name: string) => page.locator(`[role="gridcell"][aria-label^="${name},"]`);
const current = (page: Page) => page.locator('.tree-box .move[aria-current="true"]');

describe('the analysis board', () => {
  it('shows a finished game’s result, the engine’s lines and arrow, variations, and the move numbers', async () => {
    const page = await open(`#/open?rules=brandubh-2019&moves=${GAME.join('+')}`);
    await page.waitForSelector('.game-screen [role="grid"]');
    await page.getByTestId('analysis-board-link').click();
    await page.waitForSelector('.analysis-screen [role="grid"]');
    await expect(page.title()).resolves.toContain('Analysis');

    // The final position: the rules' result and its reason, no search score.
    const result = page.locator('.analysis-result');
    await expect(result.textContent()).resolves.toBe('The attackers won. The king was captured on d6.');
    await expect(page.getByTestId('analysis-figure').count()).resolves.toBe(0);
    await expect(page.locator('.tb-arrows').count()).resolves.toBe(0);

    // The move list counts moves: three numbered rows, the defenders' reply beside the move.
    await expect(page.locator('.tree-main .move-number').allTextContents()).resolves.toEqual([
      '1.',
      '2.',
      '3.',
    ]);
    const texts = await page.locator('.tree-main > .move:not(.tree-start)').allTextContents();
    expect(texts).toEqual(SHOWN);

    // One move back (the key pressed in the panel: the new screen put the focus on the board, whose
    // arrows go from square to square): the engine finds the capture, says the win in moves, draws
    // its arrow.
    await page.locator('.analysis-panel .game-title').click();
    await page.keyboard.press('ArrowLeft');
    await page.waitForSelector('.analysis-line', { timeout: 15_000 });
    await page.waitForFunction(
      () => /win in 1 move/.test(document.querySelector('.analysis-sentence')?.textContent ?? ''),
      undefined,
      { timeout: 15_000 },
    );
    await expect(page.getByTestId('analysis-figure').textContent()).resolves.toBe('#1');
    await expect(page.locator('.analysis-pov').textContent()).resolves.toBe('For the attackers');
    const best = page.locator('.tb-arrows line.tb-arrow-best');
    await expect(best.count()).resolves.toBe(1);
    const name = (sq: string | null) => page.locator(`[data-sq="${sq}"]`).getAttribute('data-name');
    await expect(name(await best.getAttribute('data-from'))).resolves.toBe('g5');
    await expect(name(await best.getAttribute('data-to'))).resolves.toBe('d5');
    // Seen by the defenders, the same position is their loss.
    await page.getByRole('radio', { name: 'the defenders' }).check();
    await expect(page.getByTestId('analysis-figure').textContent()).resolves.toBe('#−1');
    await expect(page.locator('.analysis-pov').textContent()).resolves.toBe('For the defenders');
    await page.getByRole('radio', { name: 'the attackers' }).check();

    // At the start, a move of our own on the board makes a variation beside the game's first move.
    await page.getByRole('button', { name: 'Start position', exact: true }).last().click();
    await square(page, 'g4').click();
    await square(page, 'g2').click();
    await expect(current(page).textContent()).resolves.toBe('g4-g2');
    await expect(page.locator('.tree-vars .move[aria-current="true"]').count()).resolves.toBe(1);
    await expect(page.locator('.tree-main > .move').nth(1).textContent()).resolves.toBe('d6-a6');

    // Back at the start (the arrow key, focus on the board's square: the board keeps its arrows,
    // so the step button), the second move of the best line walks two moves into it.
    await page.getByRole('button', { name: 'Previous move' }).click();
    await page.waitForSelector('.analysis-line .pv-move >> nth=1', { timeout: 15_000 });
    // The line is read and its move clicked in one step: the engine may deepen and change its line
    // between two steps.
    const walked = await page
      .locator('.analysis-line')
      .first()
      .evaluate((el) => {
        const moves = [...el.querySelectorAll<HTMLElement>('.pv-move')];
        moves[1]!.click();
        return moves.slice(0, 2).map((m) => m.textContent);
      });
    await expect(current(page).getAttribute('data-path')).resolves.toBe(walked.join(' '));

    // Three lines on request, each with its own first move.
    await page.getByRole('checkbox', { name: 'Three lines' }).check();
    await page.waitForFunction(() => document.querySelectorAll('.analysis-line').length === 3, undefined, {
      timeout: 15_000,
    });
    const firsts = await page
      .locator('.analysis-line')
      .evaluateAll((lines) => lines.map((l) => l.querySelector('.pv-move')?.textContent));
    expect(new Set(firsts).size).toBe(3);
    await page.screenshot({ path: '/tmp/analysis-desktop.png' });
  });

  it('analyses the whole game with a progress bar, draws its graph, and keeps it over a reload', async () => {
    const page = await open(`#/open?rules=brandubh-2019&moves=${GAME.join('+')}`);
    await page.waitForSelector('.game-screen [role="grid"]');
    await page.getByTestId('analysis-board-link').click();
    await page.waitForSelector('.analysis-screen [role="grid"]');
    await page.getByRole('button', { name: 'Analyse the whole game' }).click();
    await page.waitForSelector('progress[data-testid="analysis-progress"]');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="analysis-progress"]') === null,
      undefined,
      {
        timeout: 30_000,
      },
    );
    // One point a position: six positions, the last one the attackers' win at the top.
    const d = (await page.locator('.eval-graph .eval-line').getAttribute('d'))!;
    expect(d.split('L')).toHaveLength(GAME.length + 1);
    expect(Number(d.split(',').at(-1))).toBeLessThan(20);
    await expect(page.locator('.analysis-game .note').first().textContent()).resolves.toMatch(/analysed/);
    // The king's walk into the capture (2. … Kd4-d6) is marked a blunder, in the list and on the graph
    // (1. d6-a6, a soldier given for nothing, sits near the line: some analyses mark it, some not).
    const blunder = page.locator(`.tree-main .move-blunder[data-path="${RECORDS.slice(0, 4).join(' ')}"]`);
    await expect(blunder.textContent()).resolves.toBe('Kd4-d6??, Blunder');
    await expect(page.locator('.eval-dot-blunder[data-ply="4"]').count()).resolves.toBe(1);
    await expect(page.locator('.analysis-help').textContent()).resolves.toContain('a blunder (??) from 30');
    // The graph is a slider over the game: a click goes to that move, the keys step.
    const slider = page.getByRole('slider');
    await slider.scrollIntoViewIfNeeded();
    const box = (await slider.boundingBox())!;
    await page.mouse.click(box.x + box.width * (2 / 5), box.y + box.height / 2);
    await expect(current(page).getAttribute('data-path')).resolves.toBe(RECORDS.slice(0, 2).join(' '));
    await slider.press('ArrowRight');
    await expect(current(page).getAttribute('data-path')).resolves.toBe(RECORDS.slice(0, 3).join(' '));
    const boardBox = (await page.locator('.analysis-screen .tb').boundingBox())!;
    expect(Math.abs(box.width - boardBox.width)).toBeLessThan(4);

    // Kept with the game: a reload shows the same graph without analysing again.
    await page.reload();
    await page.waitForSelector('.eval-graph .eval-line');
    await expect(page.locator('.eval-graph .eval-line').getAttribute('d')).resolves.toBe(d);
    await expect(page.getByRole('button', { name: 'Analyse the whole game' }).count()).resolves.toBe(0);
  });

  it('opens a link’s position, numbers a game the defenders begin, and fits a phone', async () => {
    const page = await open('#/analysis?rules=brandubh-2019&turn=defenders&moves=c4-c2', {
      width: 390,
      height: 844,
    });
    await page.waitForSelector('.analysis-screen [role="grid"]');
    await expect(page.locator('.tree-main').textContent()).resolves.toContain('1.…c4-c2');
    await expect(page.locator('.analysis-kept').textContent()).resolves.toContain('not kept');
    // The board takes the phone's width; the panel comes below it.
    const board = (await page.locator('.analysis-screen .tb').boundingBox())!;
    expect(board.width).toBeGreaterThan(340);
    const panel = (await page.locator('.analysis-panel').boundingBox())!;
    expect(panel.y).toBeGreaterThan(board.y + board.height - 1);
    await page.screenshot({ path: '/tmp/analysis-phone.png' });
  });

  it('gives one line for each set of mirror-image moves at a start, and says why there are fewer', async () => {
    // ard-ri-fr's defenders open with one of their corner soldiers: eight moves, the same move seen
    // from the board's eight sides, so three lines asked for are one.
    const page = await open('#/analysis?rules=ard-ri-fr');
    await page.waitForSelector('.analysis-screen [role="grid"]');
    await page.getByRole('checkbox', { name: 'Three lines' }).check();
    // The choice is remembered: after a reload the search asks for three lines from its start.
    await page.reload();
    await page.waitForSelector('.analysis-line', { timeout: 15_000 });
    await expect(page.getByRole('checkbox', { name: 'Three lines' }).isChecked()).resolves.toBe(true);
    await page.waitForFunction(
      () => /depth ([6-9]|\d\d)/.test(document.querySelector('.analysis-sentence')?.textContent ?? ''),
      undefined,
      { timeout: 30_000 },
    );
    await expect(page.locator('.analysis-line').count()).resolves.toBe(1);
    await expect(page.getByTestId('analysis-fewer-lines').textContent()).resolves.toContain('mirror images');
  });
});

describe('the engine on every core', () => {
  it('searches on one thread per core where the page is cross-origin isolated, and says so', async () => {
    const page = await open('#/analysis?rules=brandubh-2019&moves=d6-a6+d5-a5');
    await page.waitForSelector('.analysis-screen [role="grid"]');
    await expect(page.evaluate(() => crossOriginIsolated)).resolves.toBe(true);
    await page.waitForSelector('.analysis-line', { timeout: 15_000 });
    const cores = await page.evaluate(() => Math.max(1, Math.min(4, navigator.hardwareConcurrency)));
    await expect(page.getByTestId('analysis-threads').textContent()).resolves.toBe(
      `The engine searches on ${cores} thread${cores === 1 ? '' : 's'}, one per core.`,
    );
    // The lines deepen with the helpers at work, and again a move back: a helper that could not
    // start or run makes the next search fail.
    await page.waitForFunction(
      () => /depth ([4-9]|\d\d)/.test(document.querySelector('.analysis-sentence')?.textContent ?? ''),
      undefined,
      {
        timeout: 30_000,
      },
    );
    await page.keyboard.press('ArrowLeft');
    await page.waitForSelector('.analysis-line', { timeout: 15_000 });
    await page.waitForFunction(
      () => /depth ([4-9]|\d\d)/.test(document.querySelector('.analysis-sentence')?.textContent ?? ''),
      undefined,
      {
        timeout: 30_000,
      },
    );
  });

  it('falls back to one thread where the page is not isolated, and says why', async () => {
    const { context, page } = await openPage(app.browser, 'about:blank');
    app.contexts.push(context);
    // The same server, its answers stripped of the isolation headers.
    await page.route('**/*', async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['cross-origin-opener-policy'];
      delete headers['cross-origin-embedder-policy'];
      await route.fulfill({ response, headers });
    });
    await page.goto(`${app.server.url}#/analysis?rules=brandubh-2019&moves=d6-a6+d5-a5`);
    await page.waitForSelector('.analysis-screen [role="grid"]');
    await expect(page.evaluate(() => crossOriginIsolated)).resolves.toBe(false);
    await page.waitForSelector('.analysis-line', { timeout: 15_000 });
    await expect(page.getByTestId('analysis-threads').textContent()).resolves.toMatch(
      /^The engine searches on one thread: this page is not served cross-origin isolated/,
    );
  });
});
