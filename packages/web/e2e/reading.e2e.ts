// Reading the board and the analysis, and what players see beside what tools see, in Chromium
// against `npm start`'s server, at a phone's size (390×844, a touch screen) and a desktop's
// (1280×800), asserting what is on screen and where, the focus, the keys, the requests and the
// console:
// - the evaluation speaks for the side chosen, in words ("The attackers lose in 3 moves"), and an
//   engine line that wins ends with the winning move (the king's escape, `--`);
// - one notation in the game's move list, the analysis tree and the engine's lines (the king's
//   moves marked K, his capture xK), each list with a folded "How to read moves";
// - the whole game's analysis: each side's inaccuracies, mistakes and blunders, the graph's axes,
//   the position and figure at the pointer and under the keys;
// - two boards, two piece sets and the coordinates, chosen, shown on every board, remembered;
// - the developer command lines of the puzzles and balance pages folded under "How ... was made";
// - the one-sided rulesets said in the chooser, from the balance page's data;
// - the Ard Ri summaries and the quiet-move limit said as the lessons say them;
// - the start page's scripts: at most 100 KB as sent, no other screen's code.
import { makePosition } from '@tafl/core';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BALANCE_DATA } from '../src/balance/data.js';
import { PUZZLE_DATA } from '../src/puzzles/data.js';
import { useApp } from './harness.js';
import { SIZES, boxOf, expectInView, focusOf, openAt, problemsOf, type Size } from './screens.js';

const app = useApp();

const SHOTS = '/work/scratch/shots';

/** brandubh-2019: 1. d6-a6 d5-a5 2. g4-g5 Kd4-d6 3. g5-d5, the king captured between d5 and d7. */
const GAME = ['d6-a6', 'd5-a5', 'g4-g5', 'd4-d6', 'g5-d5'];
/** As the app writes them: the king's move marked K, his capture xKd6 (game/notation.ts). */
const SHOWN = ['d6-a6', 'd5-a5xa6', 'g4-g5', 'Kd4-d6', 'g5-d5xKd6++'];

/**
 * brandubh-2019, the defenders to move and win in 3 of their moves (the engine's own test,
 * packages/engine/test/search-lines.test.ts): the king goes to f4, then to a4, where he sees two
 * corners; the attackers shut one, he takes the other.
 *
 *     7 . . . A . . .
 *     6 . . . . . K .
 *     5 . . A . . . .
 *     4 . . . . . . .
 *     3 . . A . A . .
 *     2 . . . . A . .
 *     1 . . . . . . .
 */
const ESCAPE = (() => {
  const board = Array<number>(49).fill(0);
  const put = (square: string, code: number): void => {
    board[(Number(square[1]) - 1) * 7 + square.charCodeAt(0) - 97] = code;
  };
  for (const a of ['d7', 'c5', 'c3', 'e3', 'e2']) put(a, 1);
  put('f6', 3);
  return makePosition(7, board);
})();

const tapOrClick = (page: Page, size: Size, selector: ReturnType<Page['locator']>): Promise<void> =>
  size.touch ? selector.tap() : selector.click();

/** The visible words of the page's main part (what is folded away is not among them). */
const visibleText = (page: Page): Promise<string> => page.locator('main').innerText();

for (const size of SIZES) {
  describe(`reading the board and the analysis on ${size.name}`, () => {
    it('says a won line to its end, in the notation, from the side chosen, with a legend of the signs', async () => {
      const page = await openAt(
        app,
        `${app.server.url}#/analysis?rules=brandubh-2019&position=${encodeURIComponent(ESCAPE)}&turn=defenders`,
        size,
      );
      await page.waitForSelector('.analysis-screen [role="grid"]');
      await page.getByRole('radio', { name: 'the defenders' }).check();
      const sentence = page.getByTestId('analysis-sentence');
      await expect
        .poll(() => sentence.textContent(), { timeout: 30_000 })
        .toMatch(/^The defenders win in 3 moves/);
      await expect(page.getByTestId('analysis-figure').textContent()).resolves.toBe('#3');
      // The line is the whole game to its end: five plies, the king's escape to a corner last.
      const line = await page.locator('.analysis-line[data-line="1"] .pv-move').allTextContents();
      expect(line, line.join(' ')).toHaveLength(5);
      expect(line[0]).toMatch(/^K/);
      expect(line.at(-1)).toMatch(/^K[a-g][1-7]-[ag][17]--$/);
      // Seen by the attackers, the same position is their loss, said as theirs.
      await page.getByRole('radio', { name: 'the attackers' }).check();
      await expect(page.getByTestId('analysis-figure').textContent()).resolves.toBe('#−3');
      await expect(sentence.textContent()).resolves.toMatch(/^The attackers lose in 3 moves/);
      expect(await sentence.textContent()).not.toMatch(/soldiers|\(for/);

      // The legend is folded under the moves: one line, opened by a tap or the keyboard.
      const legend = page.getByTestId('moves-legend');
      const tree = await boxOf(page.getByRole('region', { name: 'Moves' }));
      const summary = legend.locator('summary');
      expect((await boxOf(summary)).y).toBeGreaterThan(tree.y);
      expect(await page.getByText('K: the king moves').isVisible()).toBe(false);
      if (size.touch) await summary.tap();
      else {
        await summary.focus();
        await page.keyboard.press('Enter');
        expect((await focusOf(page)).tag).toBe('summary');
      }
      await page.getByText('K: the king moves').waitFor();
      await expect(page.getByText('--: the king escaped').isVisible()).resolves.toBe(true);
      // The analysis's own signs: its figure and its marks, with their thresholds in soldiers.
      await expect(page.getByTestId('analysis-legend').textContent()).resolves.toContain(
        'about 1.2, 2.5 and 4.2 soldiers',
      );
      mkdirSync(SHOTS, { recursive: true });
      await legend.screenshot({ path: `${SHOTS}/reading-legend-${size.touch ? 'phone' : 'desktop'}.png` });
      expect(problemsOf(page)).toEqual([]);
    });

    it('writes the same moves in the game’s move list and the analysis tree, each list with its legend', async () => {
      const page = await openAt(
        app,
        `${app.server.url}#/open?rules=brandubh-2019&moves=${GAME.join('+')}`,
        size,
      );
      await page.waitForSelector('.game-screen [role="grid"]');
      await expect(page.locator('.move-list button.move[data-ply]').allTextContents()).resolves.toEqual(
        SHOWN,
      );
      const legend = page.locator('.moves-box [data-testid="moves-legend"] summary');
      await legend.scrollIntoViewIfNeeded();
      const list = await boxOf(page.locator('.move-list'));
      expect((await boxOf(legend)).y).toBeGreaterThan(list.y);
      await expect(legend.textContent()).resolves.toBe('How to read moves');

      await tapOrClick(page, size, page.getByTestId('analysis-board-link'));
      await page.waitForSelector('.analysis-screen [role="grid"]');
      await expect(page.locator('.tree-main > .move:not(.tree-start)').allTextContents()).resolves.toEqual(
        SHOWN,
      );
      await expect(page.locator('.analysis-screen [data-testid="moves-legend"]').count()).resolves.toBe(1);
      expect(problemsOf(page)).toEqual([]);
    });

    it('counts each side’s inaccuracies, mistakes and blunders, draws the graph’s axes, reads out the value at the pointer and the keys', async () => {
      const page = await openAt(
        app,
        `${app.server.url}#/analysis?rules=brandubh-2019&moves=${GAME.join('+')}`,
        size,
      );
      await page.waitForSelector('.analysis-screen [role="grid"]');
      await tapOrClick(page, size, page.getByRole('button', { name: 'Analyse the whole game' }));
      const counts = page.getByTestId('analysis-counts');
      await counts.waitFor({ timeout: 60_000 });

      // Each side's row agrees with the marks of its moves in the list (2. … Kd4-d6 is a blunder).
      for (const side of ['attackers', 'defenders'] as const)
        for (const judgement of ['inaccuracy', 'mistake', 'blunder'] as const) {
          const cell = counts.locator(`tr[data-judgement="${judgement}"] td[data-side="${side}"]`);
          const marked = await page.locator(`.tree-main .move-${side}.move-${judgement}`).count();
          await expect(cell.textContent(), `${side} ${judgement}`).resolves.toBe(String(marked));
        }
      await expect(
        counts.locator('tr[data-judgement="blunder"] td[data-side="defenders"]').textContent(),
      ).resolves.toBe('1');
      await expect(counts.locator('caption').textContent()).resolves.toBe(
        'Inaccuracies, mistakes and blunders of each side',
      );

      // The axes: the evaluation's figures up the left edge, inside the graph; the moves along the
      // bottom. The graph is under the board and its controls: on a phone, in view at the page's
      // top (lower, the board and its controls stay at the top over it); on a desktop, scrolled to.
      const slider = page.getByRole('slider');
      if (size.touch) await page.evaluate(() => scrollTo(0, 0));
      else await slider.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      const graph = await boxOf(slider);
      expectInView(graph, size, 'the graph');
      await expect(page.locator('.eval-axis-y').allTextContents()).resolves.toEqual([
        '+5',
        '+2',
        '0',
        '−2',
        '−5',
      ]);
      for (const label of await page.locator('.eval-axis-y').all()) {
        const box = await boxOf(label);
        expect(box.x).toBeGreaterThanOrEqual(graph.x);
        expect(box.y + box.height).toBeLessThanOrEqual(graph.y + graph.height + 0.5);
      }
      await expect(page.locator('.eval-axis-x span').allTextContents()).resolves.toEqual(['1', '2', '3']);
      const moveAxis = await boxOf(page.locator('.eval-axis-x'));
      expect(moveAxis.y).toBeGreaterThanOrEqual(graph.y + graph.height - 0.5);

      // The value at the pointer (a tap where there is no pointer): the position and its figure.
      const readout = page.getByTestId('eval-graph-readout');
      const at = { x: graph.x + graph.width * (2 / 5), y: graph.y + graph.height / 2 };
      if (size.touch) await page.touchscreen.tap(at.x, at.y);
      else await page.mouse.move(at.x, at.y);
      await expect(readout.textContent()).resolves.toMatch(
        /^Move 1, defenders: d5-a5xa6 · [+−]?\d\.\d for the attackers$/,
      );
      // The keys: the slider steps through the game, and the read-out and its value text follow.
      if (!size.touch) await page.mouse.move(graph.x + graph.width / 2, graph.y - 40);
      await slider.focus();
      await page.keyboard.press('End');
      await expect(readout.textContent()).resolves.toBe(
        'Move 3, attackers: g5-d5xKd6++ · The attackers won.',
      );
      await page.keyboard.press('ArrowLeft');
      const text = await readout.textContent();
      expect(text).toMatch(/^Move 2, defenders: Kd4-d6 · /);
      await expect(slider.getAttribute('aria-valuetext')).resolves.toBe(text);
      expect((await focusOf(page)).role).toBe('slider');

      // Nothing is wider than the window.
      await expect(
        page.evaluate(() => document.documentElement.scrollWidth - innerWidth),
      ).resolves.toBeLessThanOrEqual(0);
      mkdirSync(SHOTS, { recursive: true });
      await page.evaluate(() => scrollTo(0, 0));
      await page.screenshot({
        path: `${SHOTS}/reading-analysis-${size.touch ? 'phone' : 'desktop'}.png`,
        fullPage: true,
      });
      expect(problemsOf(page)).toEqual([]);
    });

    it('offers two boards, two piece sets and the coordinates, shows them on every board and remembers them', async () => {
      const page = await openAt(app, `${app.server.url}#/open?rules=brandubh-2019&moves=d6-a6`, size);
      await page.waitForSelector('.game-screen [role="grid"]');
      const root = (): Promise<Record<string, string | undefined>> =>
        page.evaluate(() => ({ ...document.documentElement.dataset }));
      await expect(root()).resolves.toMatchObject({ board: 'wood', pieces: 'carved', coords: 'on' });
      await expect(page.locator('.tb-files').isVisible()).resolves.toBe(true);

      await tapOrClick(page, size, page.getByTestId('board-settings').locator('summary'));
      await page.getByRole('radio', { name: 'Plain, high contrast' }).check();
      await page.getByRole('radio', { name: 'Flat, high contrast' }).check();
      await expect(focusOf(page).then((f) => f.tag)).resolves.toBe('input');
      await page.getByRole('checkbox', { name: /Coordinates around the board/ }).uncheck();
      await expect(root()).resolves.toMatchObject({ board: 'plain', pieces: 'flat', coords: 'off' });
      // On the board: the plain frame, the flat pieces without their sides, no coordinates.
      await expect(
        page.locator('.game-screen .tb-frame').evaluate((el) => getComputedStyle(el).backgroundColor),
      ).resolves.toBe('rgb(38, 38, 38)');
      await expect(
        page
          .locator('.game-screen .tb-svg .pc-side')
          .first()
          .evaluate((el) => getComputedStyle(el).display),
      ).resolves.toBe('none');
      await expect(page.locator('.tb-files').isVisible()).resolves.toBe(false);
      await page.evaluate(() => scrollTo(0, 0));
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/reading-themes-${size.touch ? 'phone' : 'desktop'}.png` });
      // The squares keep their names, and the board still fits the window's width.
      await expect(page.locator('[role="gridcell"][aria-label^="d4,"]').count()).resolves.toBe(1);
      const board = await boxOf(page.locator('.game-screen .tb'));
      expect(board.x + board.width).toBeLessThanOrEqual(size.width + 0.5);

      // Remembered: after a reload, and on another screen's board.
      await page.reload();
      await page.waitForSelector('.game-screen [role="grid"]');
      await expect(root()).resolves.toMatchObject({ board: 'plain', pieces: 'flat', coords: 'off' });
      await tapOrClick(page, size, page.getByTestId('board-settings').locator('summary'));
      await expect(page.getByRole('radio', { name: 'Plain, high contrast' }).isChecked()).resolves.toBe(true);
      await page.goto(`${app.server.url}#/puzzles`);
      await page.waitForSelector('.puzzle-screen [role="grid"]');
      await expect(page.locator('.puzzle-screen .tb-files').isVisible()).resolves.toBe(false);
      expectInView(await boxOf(page.locator('.puzzle-screen .tb')), size, 'the puzzle’s board');
      expect(problemsOf(page)).toEqual([]);
    });

    it('folds the developer command lines of the puzzles and balance pages under “How … was made”', async () => {
      const page = await openAt(app, `${app.server.url}#/puzzles`, size);
      await page.waitForSelector('.puzzle-screen [role="grid"]');
      expect(await visibleText(page)).not.toContain('tafl ');
      await tapOrClick(page, size, page.getByText('How the puzzles were made'));
      await expect(page.getByTestId('puzzles-command').textContent()).resolves.toBe(PUZZLE_DATA.command);
      await expect(page.getByTestId('puzzles-command').isVisible()).resolves.toBe(true);
      expect(await visibleText(page)).toContain('tafl puzzles build');

      await page.goto(`${app.server.url}#/balance`);
      await page.getByRole('heading', { level: 1, name: 'Which rules are fair?' }).waitFor();
      expect(await visibleText(page)).not.toContain('tafl ');
      await tapOrClick(page, size, page.getByText('How the data was made'));
      await expect(page.getByTestId('balance-command').isVisible()).resolves.toBe(true);
      expect(await visibleText(page)).toContain(BALANCE_DATA.command);
      expect(problemsOf(page)).toEqual([]);
    });

    it('says in the chooser which rulesets are one-sided, from the balance page’s games', async () => {
      const page = await openAt(app, `${app.server.url}#/rulesets`, size);
      await page.getByRole('heading', { level: 1, name: 'Choose the rules' }).waitFor();
      const notes = page.getByTestId('one-sided-note');
      await expect(notes.count()).resolves.toBe(2);
      for (const id of ['ard-ri-es', 'ard-ri-fr']) {
        const data = BALANCE_DATA.rulesets.find((r) => r.id === id)!;
        const note = page.locator(`[data-rules="${id}"] [data-testid="one-sided-note"]`);
        await expect(note.textContent()).resolves.toBe(
          `One-sided: the attackers won ${data.attackers.games} of the ${data.games} games the engine played against itself. Which rules are fair?`,
        );
        await expect(page.locator(`[data-rules="${id}"] .badge-one-sided`).textContent()).resolves.toBe(
          'One-sided',
        );
      }
      // Chosen, the start page says it under the ruleset's name, with the way to the balance page.
      await tapOrClick(page, size, page.getByRole('button', { name: 'Choose Ard Ri (Spanish article)' }));
      await page.waitForFunction(() => location.hash === '#/');
      const note = page.getByTestId('one-sided-note');
      await expect(note.textContent()).resolves.toMatch(/^One-sided: the attackers won \d+ of the \d+ games/);
      expectInView(await boxOf(note), size, 'the start page’s one-sided note');
      await tapOrClick(page, size, note.getByRole('link', { name: 'Which rules are fair?' }));
      await page.waitForFunction(() => location.hash === '#/balance');
      expect(problemsOf(page)).toEqual([]);
    });

    it('says the Ard Ri king’s capture and the quiet-move limit as the lessons say them', async () => {
      const page = await openAt(app, `${app.server.url}#/learn`, size);
      const card = page.locator('.learn-card[data-ruleset="ard-ri-fr"] .learn-card-line');
      await card.waitFor();
      await expect(card.textContent()).resolves.toBe(
        'Ard Ri layout; defenders first; every piece moves one square; king captured by 4, 3 beside the throne; escape to the edge; draw after 20 single moves without a capture.',
      );
      await page.goto(`${app.server.url}#/rulesets`);
      await expect(
        page.locator('[data-rules="ard-ri-es"] .rulesets-summary').textContent(),
      ).resolves.toContain('beside his throne, the throne closes the fourth');
      expect(problemsOf(page)).toEqual([]);
    });

    it('loads at most 100 KB of script for the start page, and no other screen’s code', async () => {
      const page = await openAt(app, `${app.server.url}#/`, size);
      await page.getByRole('heading', { level: 1, name: 'Play' }).waitFor();
      await page.waitForLoadState('networkidle');
      const scripts = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => e as PerformanceResourceTiming)
          .filter((e) => /\.js$/.test(new URL(e.name).pathname))
          .map((e) => ({ name: new URL(e.name).pathname, bytes: e.encodedBodySize })),
      );
      const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
      expect(total, JSON.stringify(scripts)).toBeLessThanOrEqual(100_000);
      expect(total).toBeGreaterThan(0);
      const names = scripts.map((s) => s.name).join(' ');
      for (const screen of ['GameScreen', 'AnalysisScreen', 'OnlineScreen', 'PuzzleScreen', 'RulesScreen'])
        expect(names).not.toContain(screen);
      expect(problemsOf(page)).toEqual([]);
    });
  });
}
