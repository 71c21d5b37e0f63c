// The game screens in Chromium, against `npm start`'s server: a game on one device clicked to its
// end with its announcements, an illegal drop refused, keyboard play and stepping, a reload that
// resumes the game, a link that opens a game, and a record exported and imported again.
// Screenshots to look at: /tmp/home.png, /tmp/game.png and their phone-sized twins.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, useApp } from './harness.js';

const app = useApp();

async function open(hash = '#/', viewport?: { width: number; height: number }): Promise<Page> {
  const { context, page } = await openPage(app.browser, `${app.server.url}${hash}`);
  app.contexts.push(context);
  if (viewport) await page.setViewportSize(viewport);
  return page;
}

/** A square by the accessible name the board gives it: it begins with the square's name. */
const square = (page: Page, name: string) => page.locator(`[role="gridcell"][aria-label^="${name},"]`);
const labelOf = (page: Page, name: string) => square(page, name).getAttribute('aria-label');
/** The move list, as the player reads it. */
const moveList = (page: Page): Promise<string[]> =>
  page.locator('.move-list .move[data-ply]').allTextContents();

async function newLocalGame(page: Page, rules: string): Promise<void> {
  // From the start page: the rulesets page, then the ruleset's "A friend here".
  await page.getByRole('link', { name: 'Choose the rules' }).first().click();
  await page.locator(`.rulesets-card[data-rules="${rules}"] button[data-way="local"]`).click();
  await page.waitForSelector('.game-screen [role="grid"]');
}

async function clickMove(page: Page, move: string): Promise<void> {
  const [from = '', to = ''] = move.split('-');
  const before = (await moveList(page)).length;
  await square(page, from).click();
  await square(page, to).click();
  await page.waitForFunction(
    (n) => document.querySelectorAll('.move-list .move[data-ply]').length === n,
    before + 1,
  );
}

async function centre(page: Page, name: string): Promise<{ x: number; y: number }> {
  const box = (await square(page, name).boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * brandubh-2019, the king escapes in eight plies: the defender d5 steps aside, the king goes up
 * to d5 and along rank 5 to a5, from where the corner a7 is open (and an attacker on a6 would
 * take him against a4: the king is in danger too); the attackers shuffle g4 and miss both.
 */
const ESCAPE = ['b4-b2', 'd5-f5', 'g4-g2', 'd4-d5', 'g2-g3', 'd5-a5', 'g3-g4', 'a5-a7'];

describe('a game on one device', () => {
  it('is played by clicks to its end, with the announcements on the way', async () => {
    const page = await open();
    await page.screenshot({ path: '/tmp/home.png' });
    await newLocalGame(page, 'brandubh-2019');
    await expect(page.getByTestId('status').textContent()).resolves.toBe('Attackers to move');
    for (const move of ESCAPE.slice(0, 6)) await clickMove(page, move);
    // The king on a5: one open route (a7), and in danger.
    await expect(page.locator('.banner-escape').textContent()).resolves.toContain(
      'Escape threat: the king has one open route.',
    );
    await expect(page.locator('.banner-danger').count()).resolves.toBe(1);
    await expect(labelOf(page, 'a7')).resolves.toContain('open route for the king');
    await expect(page.getByTestId('live').textContent()).resolves.toContain('Defenders: d5 to a5.');
    await page.waitForTimeout(400); // the king's slide
    await page.screenshot({ path: '/tmp/game.png' });
    for (const move of ESCAPE.slice(6)) await clickMove(page, move);
    await expect(page.locator('.banner-end').textContent()).resolves.toContain(
      'The defenders win. The king escaped to a7.',
    );
    await expect(page.getByTestId('live').textContent()).resolves.toContain('The king escaped to a7.');
    await expect(moveList(page)).resolves.toEqual([
      'b4-b2',
      'd5-f5',
      'g4-g2',
      'Kd4-d5',
      'g2-g3',
      'Kd5-a5-',
      'g3-g4+',
      'Ka5-a7--',
    ]);
    // The board takes no more moves; the game is in the archive.
    await square(page, 'd2').click();
    await expect(labelOf(page, 'd2')).resolves.not.toContain('selected');
    await page.goto(`${app.server.url}#/archive`);
    // The archive's code loads when first opened (a chunk of its own): wait for its list.
    await page.locator('.game-summary').first().waitFor();
    await expect(page.locator('.game-summary').count()).resolves.toBe(1);
    await expect(page.locator('.game-summary').textContent()).resolves.toContain('The king escaped to a7.');
  });

  it('refuses an illegal drop: the piece goes back and nothing is played', async () => {
    const page = await open();
    await newLocalGame(page, 'brandubh-2019');
    for (const to of ['d3', 'e3', 'a1']) {
      const a = await centre(page, 'd2');
      const b = await centre(page, to);
      await page.mouse.move(a.x, a.y);
      await page.mouse.down();
      await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
      await page.mouse.move(b.x, b.y, { steps: 4 });
      await page.mouse.up();
    }
    await expect(moveList(page)).resolves.toEqual([]);
    await expect(labelOf(page, 'd2')).resolves.toMatch(/^d2, attacker/);
    await expect(labelOf(page, 'e3')).resolves.toMatch(/^e3, empty/);
    // A legal drop is played.
    const a = await centre(page, 'd2');
    const b = await centre(page, 'b2');
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x, b.y, { steps: 6 });
    await page.mouse.up();
    await expect.poll(() => moveList(page)).toEqual(['d2-b2']);
  });

  it('is played with the keyboard, and the arrows step through it off the board', async () => {
    const page = await open();
    await newLocalGame(page, 'brandubh-2019');
    // The board's tab stop starts on the throne (d4): down twice to d2, Enter, right to e2, Enter.
    await page.locator('[role="gridcell"][tabindex="0"]').focus();
    for (const key of ['ArrowDown', 'ArrowDown', 'Enter', 'ArrowRight', 'Enter'])
      await page.keyboard.press(key);
    await expect.poll(() => moveList(page)).toEqual(['d2-e2']);
    // The defender d3 to b3, from e2 where the focus stayed: up, left, Enter, left twice, Enter.
    for (const key of ['ArrowUp', 'ArrowLeft', 'Enter', 'ArrowLeft', 'ArrowLeft', 'Enter'])
      await page.keyboard.press(key);
    await expect.poll(() => moveList(page)).toEqual(['d2-e2', 'd3-b3']);
    // Off the board, the arrows step through the moves.
    await page.locator('.game-subtitle').click();
    await page.keyboard.press('ArrowLeft');
    await expect(page.locator('.move[aria-current="true"]').textContent()).resolves.toBe('d2-e2');
    await expect(labelOf(page, 'd3')).resolves.toMatch(/^d3, defender/);
    await page.keyboard.press('Home');
    await expect(page.locator('.move[aria-current="true"]').textContent()).resolves.toBe('Start');
    await page.keyboard.press('End');
    await expect(page.locator('.move[aria-current="true"]').textContent()).resolves.toBe('d3-b3');
    // The step buttons and a click on a move do the same.
    await page.getByRole('button', { name: 'Previous move' }).click();
    await expect(page.locator('.move[aria-current="true"]').textContent()).resolves.toBe('d2-e2');
    await page.locator('.move[data-ply="2"]').click();
    await expect(page.locator('.move[aria-current="true"]').textContent()).resolves.toBe('d3-b3');
  });

  it('survives a reload: the game resumes where it was', async () => {
    const page = await open();
    await newLocalGame(page, 'plazoleta');
    await clickMove(page, 'd2-e2');
    await clickMove(page, 'd3-c3');
    const url = page.url();
    await page.reload();
    await page.waitForSelector('.game-screen [role="grid"]');
    expect(page.url()).toBe(url);
    await expect(moveList(page)).resolves.toEqual(['d2-e2', 'd3-c3']);
    await expect(labelOf(page, 'c3')).resolves.toMatch(/^c3, defender/);
    await expect(page.getByTestId('status').textContent()).resolves.toBe('Attackers to move');
    await clickMove(page, 'e2-e3');
    // The start page lists it with the games in progress, counting moves as players do: the
    // attackers' move and the defenders' reply are move 1, e2-e3 begins move 2.
    await page.goto(`${app.server.url}#/`);
    await expect(page.locator('.in-progress .game-summary').textContent()).resolves.toContain('2 moves');
  });

  it('takes back, offers and accepts a draw', async () => {
    const page = await open();
    await newLocalGame(page, 'brandub-fr');
    await clickMove(page, 'd2-e2');
    await page.getByRole('button', { name: 'Take back' }).click();
    await expect(moveList(page)).resolves.toEqual([]);
    await page.getByRole('button', { name: 'Offer a draw' }).click();
    await expect(page.locator('.banner-drawOffer').textContent()).resolves.toContain(
      'The attackers offer a draw.',
    );
    await page.getByRole('button', { name: 'Accept the draw' }).click();
    await expect(page.locator('.banner-end').textContent()).resolves.toContain(
      'Draw. The players agreed to a draw.',
    );
    await expect(page.getByRole('button', { name: 'Rematch, sides swapped' }).count()).resolves.toBe(1);
  });
});

describe('records and links', () => {
  it('exports a record to a file and imports it again as the same game', async () => {
    const page = await open();
    await newLocalGame(page, 'brandubh-2019');
    for (const move of ESCAPE.slice(0, 4)) await clickMove(page, move);
    await page.locator('.export summary').click();
    await expect(page.locator('.export .record-text').inputValue()).resolves.toContain('2. g4-g2 Kd4-d5');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the record' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^brandubh-\d{4}-\d\d-\d\d-.+\.otg$/);
    const path = await download.path();
    const text = await readFile(path, 'utf8');
    expect(text).toContain('[x-ruleset:brandubh-2019]');
    const first = page.url();

    await page.goto(`${app.server.url}#/archive?import`);
    await page.locator('.import input[type="file"]').setInputFiles(path);
    await page.waitForFunction((url) => location.href !== url && location.hash.startsWith('#/game/'), first);
    await page.waitForSelector('.game-screen [role="grid"]');
    await expect(moveList(page)).resolves.toEqual(['b4-b2', 'd5-f5', 'g4-g2', 'Kd4-d5']);
    expect(page.url()).not.toBe(first);
  });

  it('imports pasted text, and says why a bad record cannot be imported', async () => {
    const page = await open('#/archive?import');
    await page
      .locator('.import textarea')
      .fill('[rules:dim:7 surf:n start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n\n1. d2-d3\n');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe(
      'Line 3: the move d2-d3 is not legal for the attackers in that position.',
    );
    await page
      .locator('.import textarea')
      .fill('[rules:dim:7 surf:n start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n\n1. d2-e2\n');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.waitForSelector('.game-screen [role="grid"]');
    await expect(moveList(page)).resolves.toEqual(['d2-e2']);
  });

  it('imports a file of several records whole: OpenTafl’s saves end to end, a broken one named by its line', async () => {
    const otg = (name: string) =>
      readFile(new URL(`../../core/test/fixtures/opentafl-records/${name}`, import.meta.url), 'utf8');
    const broken = '[rules:dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n\n1. a1-a9\n';
    const first = await otg('brandub-random.otg');
    const collection = `${first}${broken}${await otg('federation-random.otg')}`;
    const page = await open('#/archive?import');
    await page.locator('.import textarea').fill(collection);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const summary = page.locator('.import-summary');
    await expect(summary.locator('strong').textContent()).resolves.toBe(
      '2 of 3 games imported; the others cannot be read:',
    );
    const line = first.split('\n').length;
    await expect(summary.locator('li').getAttribute('data-line')).resolves.toBe(String(line));
    await expect(summary.locator('li').textContent()).resolves.toContain(`Record at line ${line}:`);
    // Both games ended (the king escaped): the archive lists them.
    await expect(page.locator('.game-list .game-summary').count()).resolves.toBe(2);
  });

  it('opens a game from a link, at the move it names', async () => {
    const page = await open('#/open?rules=brandubh-2019&moves=b4-b2+d5-f5+g4-g2&ply=2');
    await page.waitForSelector('.game-screen [role="grid"]');
    expect(page.url()).toMatch(/#\/game\/[^?]+\?ply=2$/);
    await expect(moveList(page)).resolves.toEqual(['b4-b2', 'd5-f5', 'g4-g2']);
    await expect(page.locator('.move[aria-current="true"]').textContent()).resolves.toBe('d5-f5');
    await expect(labelOf(page, 'g4')).resolves.toMatch(/^g4, attacker/);
    const bad = await open('#/open?rules=brandubh-2019&moves=d2-d3');
    await expect(bad.locator('h1').textContent()).resolves.toBe('A move in the link is not legal.');
  });

  it('looks right on a phone', async () => {
    const page = await open('#/', { width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/home-phone.png' });
    await newLocalGame(page, 'brandubh-2019');
    for (const move of ESCAPE.slice(0, 6)) await clickMove(page, move);
    await page.waitForTimeout(400);
    await page.screenshot({ path: '/tmp/game-phone.png' });
    await page.screenshot({ path: '/tmp/game-phone-full.png', fullPage: true });
    // The board comes first and takes the width.
    const board = (await page.locator('.game-board').boundingBox())!;
    const panel = (await page.locator('.game-panel').boundingBox())!;
    expect(board.y).toBeLessThan(panel.y);
    expect(board.width).toBeGreaterThan(350);
  });
});
