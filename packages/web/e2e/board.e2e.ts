// The board in Chromium, on its testbed page (board-test.html: a Brandubh game under
// brandubh-2019, attackers to move, legal moves from @tafl/core; every reported move is listed
// in window.boardMoves). Mouse, touch and keyboard play, the accessible names, flipping, and
// screenshots to look at: /tmp/board.png (desktop) and /tmp/board-phone.png (375x667).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, useApp } from './harness.js';

const app = useApp();

async function testbed(query = ''): Promise<Page> {
  const { context, page } = await openPage(app.browser, `${app.server.url}board-test.html${query}`);
  app.contexts.push(context);
  await page.waitForSelector('.tb-grid');
  return page;
}

const square = (page: Page, name: string) => page.locator(`[data-name="${name}"]`);
const label = (page: Page, name: string) => square(page, name).getAttribute('aria-label');
const moves = (page: Page) => page.evaluate(() => window.boardMoves);

async function centre(page: Page, name: string): Promise<{ x: number; y: number }> {
  const box = (await square(page, name).boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Seven moves after which c5 and e5 take the defender on d5 between them. */
async function playCapture(page: Page): Promise<void> {
  const plies = ['b4-b5', 'e4-e3', 'b5-c5', 'e3-e2', 'f4-f5', 'e2-e1', 'f5-e5'];
  for (const ply of plies) {
    const [from = '', to = ''] = ply.split('-');
    await square(page, from).click();
    await square(page, to).click();
  }
  expect(await moves(page)).toEqual(plies);
}

const capturedOpacity = async (page: Page): Promise<number> =>
  Number(
    await square(page, 'd5')
      .locator('.tb-captured')
      .evaluate((el) => getComputedStyle(el).opacity),
  );

/** Records in window.slid the square of every piece whose transform starts a transition. */
async function recordTransitions(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as Window & { slid?: string[] };
    w.slid = [];
    addEventListener(
      'transitionrun',
      (e) => {
        const piece = (e.target as HTMLElement).closest('.tb-piece');
        const name = piece?.closest<HTMLElement>('[data-name]')?.dataset['name'];
        if (name && (e as TransitionEvent).propertyName === 'transform') w.slid!.push(name);
      },
      true,
    );
  });
}

async function mouseDrag(page: Page, from: string, to: string): Promise<void> {
  const a = await centre(page, from);
  const b = await centre(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 12 });
  await page.mouse.up();
}

describe('the board', () => {
  it('plays a move by click-click, showing the destinations of the selected piece', async () => {
    const page = await testbed();
    await square(page, 'd7').click();
    await expect(square(page, 'd7').getAttribute('aria-selected')).resolves.toBe('true');
    await expect(label(page, 'c7')).resolves.toBe('c7, empty, legal move');
    await expect(page.locator('.tb-sq.is-dest').count()).resolves.toBe(4);
    await square(page, 'c7').click();
    await expect(moves(page)).resolves.toEqual(['d7-c7']);
    await expect(label(page, 'c7')).resolves.toBe('c7, attacker, last move');
    await expect(page.locator('.tb-sq.is-dest').count()).resolves.toBe(0);
  });

  it('refuses a click on a piece that cannot move, without a word', async () => {
    const page = await testbed();
    await square(page, 'd6').click(); // blocked by its neighbours
    await square(page, 'd5').click(); // a defender, not the attackers' turn
    await expect(page.locator('.tb-sq.is-selected').count()).resolves.toBe(0);
    await expect(moves(page)).resolves.toEqual([]);
  });

  it('plays a move by dragging with the mouse', async () => {
    const page = await testbed();
    await mouseDrag(page, 'b4', 'b6');
    await expect(moves(page)).resolves.toEqual(['b4-b6']);
    await expect(label(page, 'b6')).resolves.toBe('b6, attacker, last move');
  });

  it('refuses a drop on a square that is no destination: no move, the piece back on its square', async () => {
    const page = await testbed();
    await mouseDrag(page, 'd7', 'c6');
    await expect(moves(page)).resolves.toEqual([]);
    await expect(label(page, 'd7')).resolves.toBe('d7, attacker');
    await expect(label(page, 'c6')).resolves.toBe('c6, empty');
    const gliding = square(page, 'd7').locator('.tb-piece');
    await gliding.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    const piece = (await gliding.boundingBox())!;
    const cell = (await square(page, 'd7').boundingBox())!;
    expect(Math.abs(piece.x - cell.x)).toBeLessThan(1);
    expect(Math.abs(piece.y - cell.y)).toBeLessThan(1);
    await expect(page.locator('.tb-sq.is-selected').count()).resolves.toBe(0);
  });

  it('plays a move by dragging with a finger, and by tapping twice', async () => {
    const context = await app.browser.newContext({
      hasTouch: true,
      isMobile: true,
      viewport: { width: 375, height: 667 },
      deviceScaleFactor: 2,
    });
    app.contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${app.server.url}board-test.html`);
    await page.waitForSelector('.tb-grid');
    await page.evaluate(() => {
      const w = window as Window & { pointerTypes?: string[] };
      w.pointerTypes = [];
      addEventListener('pointerdown', (e) => w.pointerTypes!.push(e.pointerType), true);
    });
    const cdp = await context.newCDPSession(page);
    const a = await centre(page, 'a4');
    const b = await centre(page, 'a6');
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [a] });
    for (let i = 1; i <= 10; i++)
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: a.x + ((b.x - a.x) * i) / 10, y: a.y + ((b.y - a.y) * i) / 10 }],
      });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect(moves(page)).resolves.toEqual(['a4-a6']);
    // The defenders' turn now: tap a defender, then its destination.
    await page.touchscreen.tap((await centre(page, 'e4')).x, (await centre(page, 'e4')).y);
    await page.touchscreen.tap((await centre(page, 'e2')).x, (await centre(page, 'e2')).y);
    await expect(moves(page)).resolves.toEqual(['a4-a6', 'e4-e2']);
    const types = await page.evaluate(() => (window as Window & { pointerTypes?: string[] }).pointerTypes);
    expect(types).toEqual(['touch', 'touch', 'touch']);
  });

  it('is played by keyboard: Tab to the board, arrows to a piece, Enter, arrows, Enter', async () => {
    const page = await testbed();
    const focused = () => page.evaluate(() => (document.activeElement as HTMLElement).dataset['name']);
    await page.keyboard.press('Tab');
    await expect(focused()).resolves.toBe('d4'); // the board's one tab stop starts on the throne
    for (const key of ['ArrowLeft', 'ArrowLeft', 'ArrowLeft']) await page.keyboard.press(key);
    await expect(focused()).resolves.toBe('a4');
    await page.keyboard.press('Enter');
    await expect(square(page, 'a4').getAttribute('aria-selected')).resolves.toBe('true');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(focused()).resolves.toBe('a6');
    await page.keyboard.press('Enter');
    await expect(moves(page)).resolves.toEqual(['a4-a6']);
    await expect(focused()).resolves.toBe('a6');
    await expect(page.locator('.tb-sq[tabindex="0"]').count()).resolves.toBe(1);
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('flip');
  });

  it('deselects with Escape', async () => {
    const page = await testbed();
    await square(page, 'd7').click();
    await page.keyboard.press('Escape');
    await expect(page.locator('.tb-sq.is-selected').count()).resolves.toBe(0);
  });

  it('gives every square a focusable grid cell whose accessible name begins with its square', async () => {
    const page = await testbed();
    const cdp = await page.context().newCDPSession(page);
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: { role?: { value: string }; name?: { value: string }; properties?: { name: string }[] }[];
    };
    const cells = nodes.filter((n) => n.role?.value === 'gridcell');
    const names = cells.map((n) => n.name?.value ?? '');
    const expected = [7, 6, 5, 4, 3, 2, 1].flatMap((r) => [...'abcdefg'].map((f) => `${f}${r}`));
    expect(names.map((n) => n.split(',')[0])).toEqual(expected);
    expect(names).toContain('d2, attacker');
    expect(names).toContain('d4, king');
    expect(names).toContain('c5, empty');
    expect(cells.every((n) => n.properties?.some((p) => p.name === 'focusable'))).toBe(true);
    expect(nodes.filter((n) => n.role?.value === 'grid').map((n) => n.name?.value)).toEqual(['Board']);
    expect(nodes.filter((n) => n.role?.value === 'row')).toHaveLength(7);
  });

  it('turns round when flipped: a1 at the top right, the coordinates reversed', async () => {
    const page = await testbed();
    const before = { a1: await centre(page, 'a1'), g7: await centre(page, 'g7') };
    expect(before.a1.x).toBeLessThan(before.g7.x);
    expect(before.a1.y).toBeGreaterThan(before.g7.y);
    await expect(page.locator('.tb-files').textContent()).resolves.toBe('abcdefg');
    await page.click('#flip');
    const after = { a1: await centre(page, 'a1'), g7: await centre(page, 'g7') };
    expect(after.a1.x).toBeGreaterThan(after.g7.x);
    expect(after.a1.y).toBeLessThan(after.g7.y);
    await expect(page.locator('.tb-files').textContent()).resolves.toBe('gfedcba');
    await expect(page.locator('.tb-ranks').textContent()).resolves.toBe('1234567');
    // ArrowUp still goes up the screen: from the throne towards rank 1.
    await page.keyboard.press('Shift+Tab'); // from the flip button back to the board's tab stop
    await expect(page.evaluate(() => (document.activeElement as HTMLElement).dataset['name'])).resolves.toBe(
      'd4',
    );
    await page.keyboard.press('ArrowUp');
    await expect(page.evaluate(() => (document.activeElement as HTMLElement).dataset['name'])).resolves.toBe(
      'd3',
    );
  });

  it('slides a moved piece, and not when the player asks for reduced motion', async () => {
    for (const reduce of [false, true]) {
      const page = await testbed();
      if (reduce) await page.emulateMedia({ reducedMotion: 'reduce' });
      await recordTransitions(page);
      await square(page, 'd7').click();
      await square(page, 'c7').click();
      await expect(moves(page)).resolves.toEqual(['d7-c7']);
      await page.waitForTimeout(300);
      const slid = await page.evaluate(() => (window as Window & { slid?: string[] }).slid);
      expect(slid).toEqual(reduce ? [] : ['c7']);
    }
  });

  it('shows a capture: the captured piece fades out where it stood', async () => {
    const page = await testbed();
    await playCapture(page);
    await expect(label(page, 'd5')).resolves.toBe('d5, empty, defender captured');
    await expect(square(page, 'd5').locator('.tb-captured').count()).resolves.toBe(1);
    const fading = square(page, 'd5').locator('.tb-captured');
    await expect(fading.evaluate((el) => el.getAnimations().length)).resolves.toBe(1);
    await fading.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    await expect(capturedOpacity(page)).resolves.toBe(0);
  });

  it('shows a capture without motion as a faint ghost, when the player asks for reduced motion', async () => {
    const page = await testbed();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await playCapture(page);
    await expect(
      square(page, 'd5')
        .locator('.tb-captured')
        .evaluate((el) => el.getAnimations().length),
    ).resolves.toBe(0);
    const opacity = await capturedOpacity(page);
    expect(opacity).toBeGreaterThan(0.1);
    expect(opacity).toBeLessThan(0.5);
  });

  it('looks like a wooden board (screenshot: /tmp/board.png)', async () => {
    const page = await testbed('?hl=g7:route');
    for (const [from, to] of [
      ['b4', 'b5'],
      ['e4', 'e3'],
      ['b5', 'c5'],
    ] as const) {
      await square(page, from).click();
      await square(page, to).click();
    }
    await square(page, 'd5').click(); // the defenders' turn: select one
    await page.waitForTimeout(400);
    await page.locator('.tb').screenshot({ path: '/tmp/board.png' });
  });

  it('fits a phone (screenshot: /tmp/board-phone.png)', async () => {
    const context = await app.browser.newContext({
      viewport: { width: 375, height: 667 },
      deviceScaleFactor: 2,
    });
    app.contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${app.server.url}board-test.html`);
    await page.waitForSelector('.tb-grid');
    const box = (await page.locator('.tb').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(box.width).toBeGreaterThan(300);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(375);
    const cell = (await square(page, 'a1').boundingBox())!;
    expect(cell.width).toBeGreaterThan(40); // a finger's width
    await page.screenshot({ path: '/tmp/board-phone.png' });
  });
});
