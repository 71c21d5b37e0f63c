// Feedback and finish in Chromium, against the app as `npm start` serves it: the
// captured king marked where he fell, the escaped king on his exit square, the result with its
// reason on screen and for screen readers, the sounds and their remembered switch, a bare move
// list's question about its rules, import errors as sentences naming the line and the move (in
// French), and an empty game on this device kept out of the games in progress.
// Screenshots to look at: /tmp/feedback-king-captured.png, /tmp/feedback-import.png.
import { makeRules, presetById } from '@tafl/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, useApp } from './harness.js';

const app = useApp();

async function open(hash: string, locale = 'en-GB'): Promise<Page> {
  const { context, page } = await openPage(app.browser, `${app.server.url}${hash}`, locale);
  app.contexts.push(context);
  return page;
}

const errorsOf = (page: Page): string[] => (page as Page & { errors?: string[] }).errors ?? [];
const square = (page: Page, name: string) => page.locator(`.tb-grid [data-name="${name}"]`);
const labelOf = (page: Page, name: string) => square(page, name).getAttribute('aria-label');
const moveCount = (page: Page): Promise<number> => page.locator('.move-list .move[data-ply]').count();
const htmlData = (page: Page, key: string): Promise<string | undefined> =>
  page.evaluate((k) => document.documentElement.dataset[k], key);
/**
 * The last sound, once one has played: a move's sound plays in an effect run after the paint that
 * shows the move, so it may come a moment after the move list has it (none at all times out).
 */
async function soundPlayed(page: Page): Promise<string | undefined> {
  await page.waitForFunction(() => document.documentElement.dataset['sound'] !== undefined);
  return htmlData(page, 'sound');
}

/** A same-device game opened by a link, the moves played: one move from the end. */
async function linkedGame(page: Page, rules: string, moves: readonly string[]): Promise<void> {
  await page.goto(`${app.server.url}#/open?rules=${rules}&moves=${moves.join('+')}`);
  await page.waitForFunction(() => location.hash.startsWith('#/game/'));
  await page.waitForSelector('.game-screen [role="grid"]');
}

async function clickMove(page: Page, move: string): Promise<void> {
  const [from = '', to = ''] = move.split('-');
  const before = await moveCount(page);
  await square(page, from).click();
  await square(page, to).click();
  await page.waitForFunction(
    (n) => document.querySelectorAll('.move-list .move[data-ply]').length === n,
    before + 1,
  );
}

/** brandubh-2019: the king, come to d2, is taken between c2 and e2 by a2-c2. */
const KING_CAPTURE = ['a4-a2', 'd3-b3', 'd2-e2', 'd4-d2', 'a2-c2'];
/** brandubh-2019: the king runs from a5 to the corner a7. */
const ESCAPE = ['b4-b2', 'd5-f5', 'g4-g2', 'd4-d5', 'g2-g3', 'd5-a5', 'g3-g4', 'a5-a7'];

describe('the end of a game, seen and heard', () => {
  it('a captured king is marked where he fell, and the result says why and where', async () => {
    const page = await open('#/');
    await linkedGame(page, 'brandubh-2019', KING_CAPTURE.slice(0, -1));
    await expect(page.locator('[data-testid="king-captured"]').count()).resolves.toBe(0);
    await clickMove(page, 'a2-c2');
    const mark = square(page, 'd2').locator('[data-testid="king-captured"]');
    await mark.waitFor();
    await expect(mark.locator('.tb-king-captured-mark').count()).resolves.toBe(1);
    await expect(labelOf(page, 'd2')).resolves.toMatch(/^d2, empty, .*king captured/i);
    const said = 'The attackers win. The king was captured on d2.';
    await expect(page.locator('.banner-end .banner-text').textContent()).resolves.toBe(said);
    await expect(page.getByTestId('live').textContent()).resolves.toContain(said);
    // The end of the game sounds (the switch is on by default; the clicks were the gesture).
    await expect(soundPlayed(page)).resolves.toBe('end');
    await page.waitForTimeout(900);
    await page.locator('.board-wrap').screenshot({ path: '/tmp/feedback-king-captured.png' });
    expect(errorsOf(page)).toEqual([]);
  });

  it('a king who escapes stands on his exit square, and the result names it', async () => {
    const page = await open('#/');
    await linkedGame(page, 'brandubh-2019', ESCAPE.slice(0, -1));
    await clickMove(page, 'a5-a7');
    await expect(labelOf(page, 'a7')).resolves.toMatch(/^a7, king/);
    await expect(square(page, 'a7').locator('.tb-piece.tb-king').count()).resolves.toBe(1);
    await expect(labelOf(page, 'a5')).resolves.toMatch(/^a5, empty/);
    const said = 'The defenders win. The king escaped to a7.';
    await expect(page.locator('.banner-end .banner-text').textContent()).resolves.toBe(said);
    await expect(page.getByTestId('live').textContent()).resolves.toContain(said);
  });

  it('the sound switch is remembered after a reload, and while off no AudioContext is made', async () => {
    const page = await open('#/');
    await linkedGame(page, 'plazoleta', ['d2-e2']);
    const toggle = page.getByTestId('sound-toggle');
    await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('true');
    await toggle.click();
    await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('false');
    await page.reload();
    await page.waitForSelector('.game-screen [role="grid"]');
    await expect(page.getByTestId('sound-toggle').getAttribute('aria-pressed')).resolves.toBe('false');
    await clickMove(page, 'd5-f5');
    await expect(htmlData(page, 'audio')).resolves.toBeUndefined();
    await expect(htmlData(page, 'sound')).resolves.toBeUndefined();

    // On again: a move sounds; stepping back through the list does not.
    await page.getByTestId('sound-toggle').click();
    await clickMove(page, 'e2-e3');
    await expect(soundPlayed(page)).resolves.toBe('move');
    await expect(htmlData(page, 'audio')).resolves.toBe('started');
    await page.evaluate(() => delete document.documentElement.dataset['sound']);
    await page.getByRole('button', { name: 'Previous move' }).click();
    await page.waitForFunction(() =>
      document
        .querySelector('.tb-grid [data-name="e3"]')
        ?.getAttribute('aria-label')
        ?.startsWith('e3, empty'),
    );
    await page.getByRole('button', { name: 'Next move' }).click();
    await page.waitForFunction(() =>
      document
        .querySelector('.tb-grid [data-name="e3"]')
        ?.getAttribute('aria-label')
        ?.startsWith('e3, attacker'),
    );
    await page.waitForTimeout(200);
    await expect(htmlData(page, 'sound')).resolves.toBeUndefined();
  });
});

describe('import', () => {
  it('a bare move list asks which ruleset it follows, the detected one first and chosen', async () => {
    const page = await open('#/archive?import');
    // c1 holds an attacker in Ard Rí only, whose Spanish rules let the attackers move first.
    await page.locator('textarea.record-text').fill('1. c1-c2 c5-c6');
    await page.locator('.import form button[type="submit"]').click();
    const question = page.getByTestId('rules-question');
    await question.waitFor();
    const first = question.locator('li').first();
    await expect(first.getAttribute('data-rules')).resolves.toBe('ard-ri-es');
    await expect(first.locator('input[type="radio"]').isChecked()).resolves.toBe(true);
    // The radio is named by its ruleset alone; that the moves fit is its description.
    const name = (await first.locator('label').textContent())!.trim();
    await expect(page.getByRole('radio', { name, exact: true }).count()).resolves.toBe(1);
    await page.screenshot({ path: '/tmp/feedback-import.png', fullPage: true });
    await question.getByRole('button', { name: 'Import with these rules' }).click();
    await page.waitForFunction(() => location.hash.startsWith('#/game/'));
    await expect(labelOf(page, 'c6')).resolves.toMatch(/^c6, defender/);
    await expect(moveCount(page)).resolves.toBe(2);
  });

  it('an import error names the line and the move, in French on a French page', async () => {
    const page = await open('#/archive?import', 'fr-FR');
    const box = page.locator('textarea.record-text');
    const submit = page.locator('.import form button[type="submit"]');
    // A bare list: no ruleset plays it to the end; the import says where it stops.
    await box.fill('1. d2-e2 d5-f5\n2. e2-e9');
    await submit.click();
    await page.getByTestId('rules-question').locator('.action.primary').click();
    await expect(page.locator('.rules-question [role="alert"]').textContent()).resolves.toBe(
      'Ligne 2\u202f: le coup e2-e9 sort du plateau.',
    );
    // A record with its rules: the fourth line holds an illegal move.
    await box.fill(`[rules:${makeRules(presetById('brandubh-2019')!)}]\n\n1. d2-e2 d5-f5\n2. e2-e3 f5-f1\n`);
    await submit.click();
    await expect(page.locator('.import [role="alert"]').textContent()).resolves.toBe(
      'Ligne 4\u202f: le coup f5-f1 n’est pas légal pour les défenseurs dans cette position.',
    );
    expect(errorsOf(page)).toEqual([]);
  });
});

describe('games in progress', () => {
  it('an empty game on this device is not listed; its page still opens after a reload', async () => {
    const page = await open('#/');
    await linkedGame(page, 'plazoleta', []);
    const empty = decodeURIComponent(page.url().split('#/game/')[1]!);
    await page.reload();
    await page.waitForSelector('.game-screen [role="grid"]');
    await linkedGame(page, 'plazoleta', ['d2-e2']);
    const played = decodeURIComponent(page.url().split('#/game/')[1]!);
    await page.goto(`${app.server.url}#/`);
    await page.locator(`[data-game="${played}"]`).first().waitFor();
    await expect(page.locator(`[data-game="${empty}"]`).count()).resolves.toBe(0);
  });
});
