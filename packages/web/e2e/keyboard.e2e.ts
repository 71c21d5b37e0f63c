// The app by keyboard, in Chromium against `npm start`'s server (the team's standard: "focus goes
// somewhere meaningful after every action; Escape closes what opened; a skip link leads to the
// board"):
// - the analysis board's ← → step through the game wherever the focus is in its panel (after the
//   Engine or Three lines box or a point-of-view radio was used, → stepping and not switching the
//   point of view), and so do the game screen's, but not inside a text field;
// - after Enter on "Play the computer", and after a header link, the focus is on the new screen's
//   board, at a phone's size and a desktop's;
// - resigning asks first: the focus moves into the question, Escape or No closes it with the focus
//   back on Resign, and Yes ends the game with the focus on the board;
// - every other dialog (the rules editor's deletion, the import's question of rules) takes the
//   focus, closes with Escape and gives the focus back to what opened it;
// - the first Tab of a page reaches a skip link, which leads to the board (to the screen's heading
//   where there is no board).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from './harness.js';
import { DESKTOP, SIZES, expectFocusOnBoard, focusOf, openAt, problemsOf } from './screens.js';

const app = useApp();

const square = (page: Page, name: string) => page.locator(`[role="gridcell"][aria-label^="${name},"]`);

/** The plies of the position the analysis board shows. */
const analysisPly = (page: Page): Promise<number> =>
  page
    .locator('.tree-box .move[aria-current="true"]')
    .getAttribute('data-path')
    .then((path) => (path ? path.split(' ').length : 0));

/** The move the game screen's list shows as current ("Start" at the start). */
const gameMove = (page: Page): Promise<string | null> =>
  page.locator('.move-list .move[aria-current="true"]').textContent();

/** A new game for two on this device, from the start page's one click. */
async function localGame(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Play a friend here', exact: true }).click();
  await page.waitForSelector('.game-screen [role="grid"]');
}

describe('the keys of the analysis board and the game', () => {
  it('step through the analysed game wherever the focus is in the panel: after Engine, Three lines and a point-of-view radio', async () => {
    const page = await openAt(
      app,
      `${app.server.url}#/analysis?rules=brandubh-2019&moves=d6-a6+d5-a5+g4-g5+d4-d6`,
      DESKTOP,
    );
    await page.waitForSelector('.analysis-screen [role="grid"]');
    expect(await analysisPly(page)).toBe(4);

    await page.getByRole('checkbox', { name: 'Engine' }).click();
    await page.keyboard.press('ArrowLeft');
    expect(await analysisPly(page)).toBe(3);

    await page.getByRole('checkbox', { name: 'Three lines' }).click();
    await page.keyboard.press('ArrowLeft');
    expect(await analysisPly(page)).toBe(2);

    // → on the radio steps, and leaves the point of view the player chose.
    const defenders = page.getByRole('radio', { name: 'the defenders' });
    await defenders.click();
    await page.keyboard.press('ArrowRight');
    expect(await analysisPly(page)).toBe(3);
    expect(await defenders.isChecked()).toBe(true);
    await page.keyboard.press('ArrowLeft');
    expect(await analysisPly(page)).toBe(2);
    expect(await defenders.isChecked()).toBe(true);
    await page.keyboard.press('ArrowDown');
    expect(await defenders.isChecked()).toBe(true);

    // And from a step button.
    await page.getByRole('button', { name: 'Start position', exact: true }).last().click();
    await page.keyboard.press('ArrowRight');
    expect(await analysisPly(page)).toBe(1);
    expect(problemsOf(page)).toEqual([]);
  });

  it('step from the position shown when a second key comes before the screen is painted again (← ← once went one back)', async () => {
    const page = await openAt(
      app,
      `${app.server.url}#/analysis?rules=brandubh-2019&moves=d6-a6+d5-a5+g4-g5+d4-d6`,
      DESKTOP,
    );
    await page.waitForSelector('.analysis-screen [role="grid"]');
    expect(await analysisPly(page)).toBe(4);
    // Two keys, the second once the first has been drawn (a microtask) but before the next paint,
    // when the effects run again: as two quick presses of a key, or a key held down, may come.
    await page.evaluate(async () => {
      const press = (key: string) =>
        document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
      press('ArrowLeft');
      await Promise.resolve();
      press('ArrowLeft');
    });
    await page.waitForFunction(() => document.querySelector('.tree-box .move[aria-current="true"]') !== null);
    expect(await analysisPly(page)).toBe(2);
    expect(problemsOf(page)).toEqual([]);
  });

  it('step through a game from the Evaluation box, but not inside the record’s text field', async () => {
    const page = await openAt(app, app.server.url, DESKTOP);
    await localGame(page);
    for (const [from, to] of [
      ['d2', 'e2'],
      ['d3', 'b3'],
    ] as const) {
      await square(page, from).click();
      await square(page, to).click();
    }
    await page.waitForFunction(() => document.querySelectorAll('.move-list .move[data-ply]').length === 2);
    await page.getByRole('checkbox', { name: 'Evaluation' }).click();
    await page.keyboard.press('ArrowLeft');
    expect(await gameMove(page)).toBe('d2-e2');

    await page.getByText('Export and share').click();
    const record = page.locator('.export textarea');
    await record.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Home');
    expect(await gameMove(page)).toBe('d2-e2');
    expect(problemsOf(page)).toEqual([]);
  });
});

describe('the focus after a new screen', () => {
  for (const size of SIZES) {
    it(`is on the board after Enter on “Play the computer”, on ${size.name}`, async () => {
      const page = await openAt(app, app.server.url, size);
      await page.getByRole('button', { name: 'Play the computer', exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.waitForSelector('.game-screen [role="grid"]');
      await expectFocusOnBoard(page, 'after Enter on “Play the computer”');
      expect(problemsOf(page)).toEqual([]);
    });
  }

  it('is on the board after a header link to a screen with one', async () => {
    const page = await openAt(app, app.server.url, DESKTOP);
    await page.locator('#main-menu').getByRole('link', { name: 'Puzzles' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector('.puzzle-screen [role="grid"]');
    await expectFocusOnBoard(page, 'after the header’s Puzzles link');
    expect(problemsOf(page)).toEqual([]);
  });
});

describe('dialogs', () => {
  for (const size of SIZES) {
    it(`resigning asks first: Escape and No give the focus back to Resign, Yes leaves it on the board, on ${size.name}`, async () => {
      const page = await openAt(app, app.server.url, size);
      await localGame(page);
      const resign = page.getByRole('button', { name: 'Resign', exact: true });
      const question = page.getByRole('group', { name: 'Resign the game?' });

      await resign.focus();
      await page.keyboard.press('Enter');
      await question.waitFor();
      expect((await focusOf(page)).text, 'the focus moves into the question').toBe('No');
      await page.keyboard.press('Escape');
      await question.waitFor({ state: 'detached' });
      expect((await focusOf(page)).text, 'Escape gives the focus back to Resign').toBe('Resign');

      await page.keyboard.press('Enter');
      await question.waitFor();
      await page.keyboard.press('Enter');
      await question.waitFor({ state: 'detached' });
      expect((await focusOf(page)).text, 'No gives the focus back to Resign').toBe('Resign');

      await page.keyboard.press('Enter');
      await question.waitFor();
      await page.keyboard.press('Shift+Tab');
      expect((await focusOf(page)).text).toBe('Yes');
      await page.keyboard.press('Enter');
      await page.getByTestId('analysis-board-link').waitFor();
      await expectFocusOnBoard(page, 'after resigning');
      expect(problemsOf(page)).toEqual([]);
    });
  }

  it('the rules editor’s deletion takes the focus, and Escape gives it back to Delete', async () => {
    const page = await openAt(app, `${app.server.url}#/editor`, DESKTOP);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const remove = page.getByRole('button', { name: 'Delete', exact: true });
    await remove.focus();
    await page.keyboard.press('Enter');
    const question = page.getByRole('group', { name: /^Delete / });
    await question.waitFor();
    expect((await focusOf(page)).text, 'the focus moves into the question').toBe('no');
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    expect((await focusOf(page)).text, 'Escape gives the focus back to Delete').toBe('Delete');
    expect(problemsOf(page)).toEqual([]);
  });

  it('the import’s question of rules takes the focus, and Escape gives it back to Import', async () => {
    const page = await openAt(app, `${app.server.url}#/archive?import`, DESKTOP);
    await page.locator('textarea[name="record"]').fill('1. d6-a6 d5-a5');
    await page.getByRole('button', { name: 'Import', exact: true }).focus();
    await page.keyboard.press('Enter');
    const question = page.getByTestId('rules-question');
    await question.waitFor();
    expect(
      await page.evaluate(() =>
        document.querySelector('[data-testid="rules-question"]')!.contains(document.activeElement),
      ),
      'the focus moves into the question',
    ).toBe(true);
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    expect((await focusOf(page)).text, 'Escape gives the focus back to Import').toBe('Import');
    expect(problemsOf(page)).toEqual([]);
  });
});

describe('the skip link', () => {
  it('is the first Tab of a game’s page, and leads to the board', async () => {
    const page = await openAt(app, app.server.url, DESKTOP);
    await localGame(page);
    await page.reload();
    await page.waitForSelector('.game-screen [role="grid"]');
    await page.keyboard.press('Tab');
    const focus = await focusOf(page);
    expect(focus.tag).toBe('a');
    expect(focus.text).toBe('Skip to the board');
    const link = await page.evaluate(() => {
      const r = document.activeElement!.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width };
    });
    expect(link.top).toBeGreaterThanOrEqual(0);
    expect(link.left).toBeGreaterThanOrEqual(0);
    expect(link.right).toBeLessThanOrEqual(DESKTOP.width);
    expect(link.width).toBeGreaterThan(20);
    await page.keyboard.press('Enter');
    await expectFocusOnBoard(page, 'after the skip link');
    expect(page.url()).toMatch(/#\/game\//);
    expect(problemsOf(page)).toEqual([]);
  });

  it('leads to the screen’s heading where there is no board', async () => {
    const page = await openAt(app, app.server.url, DESKTOP);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.keyboard.press('Tab');
    expect((await focusOf(page)).text).toBe('Skip to the content');
    await page.keyboard.press('Enter');
    expect((await focusOf(page)).tag).toBe('h1');
    expect(new URL(page.url()).hash).toMatch(/^(#\/)?$/);
  });
});
