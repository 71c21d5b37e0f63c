// Online play in Chromium, against `npm start`'s server: two players in two browser contexts
// (separate storage) create and join a game through the app and play it to its end by clicks on
// the board, each seeing the other's moves, while a third context watches; and a player whose
// connection drops catches up with the move made meanwhile, without a reload. Screenshots to
// look at: /tmp/online-end.png and /tmp/online-watch-phone.png.
import { KING, makeLastMoveRecord, moveTo, playMoveRecord, positionFromOtn, presetById } from '@tafl/core';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from './harness.js';

const app = useApp();

/**
 * brandubh-2019, the king escapes in eight plies (as in game.e2e.ts): the attackers shuffle g4
 * while the king goes up to d5, along rank 5 to a5 and into the corner a7. Checked with the core
 * below, and the records the move lists show (captures, info symbols, `K` before the king's
 * moves) computed from it.
 */
const RULES = 'brandubh-2019';
const ESCAPE = ['b4-b2', 'd5-f5', 'g4-g2', 'd4-d5', 'g2-g3', 'd5-a5', 'g3-g4', 'a5-a7'];

function replayEscape(): { records: string[]; winner: string; reason: string } {
  const start = positionFromOtn(presetById(RULES)!);
  if (!start.ok) throw new Error(start.message);
  const pos = start.value;
  const records: string[] = [];
  for (const move of ESCAPE) {
    const played = playMoveRecord(pos, move);
    if (!played.ok) throw new Error(`${move}: ${played.message}`);
    const king = pos.pieceAt(moveTo(played.value)) === KING;
    records.push(`${king ? 'K' : ''}${makeLastMoveRecord(pos)}`);
  }
  const outcome = pos.outcome();
  if (outcome.status === 'ongoing') throw new Error('the sequence does not end the game');
  return { records, winner: outcome.status, reason: outcome.reason };
}

/** A page in a new context (its own storage), the WebSocket routed through `route` if given. */
async function open(
  url: string,
  options: { locale?: string; route?: (context: BrowserContext, page: Page) => Promise<void> } = {},
): Promise<Page> {
  const context = await app.browser.newContext({
    locale: options.locale ?? 'en-GB',
    viewport: { width: 1200, height: 900 },
  });
  app.contexts.push(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  (page as Page & { errors?: string[] }).errors = errors;
  await options.route?.(context, page);
  await page.goto(url);
  return page;
}

const square = (page: Page, name: string) => page.locator(`[role="gridcell"][aria-label^="${name},"]`);
const status = (page: Page): Promise<string | null> => page.getByTestId('status').textContent();
/** The confirmed moves of the list, as the player reads them. */
const moveList = (page: Page): Promise<string[]> =>
  page.locator('.move-list .move[data-ply]:not([data-pending])').allTextContents();

/** Waits until the page's list shows `n` confirmed moves and nothing pending. */
async function waitForMoves(page: Page, n: number): Promise<void> {
  await page.waitForFunction(
    (count) =>
      document.querySelectorAll('.move-list .move[data-ply]').length === count &&
      document.querySelectorAll('.move-list .move[data-pending]').length === 0,
    n,
    { timeout: 20_000 },
  );
}

async function waitForStatus(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (wanted) => document.querySelector('[data-testid="status"]')?.textContent === wanted,
    text,
    { timeout: 20_000 },
  );
}

async function clickMove(page: Page, move: string): Promise<void> {
  const [from = '', to = ''] = move.split('-');
  await square(page, from).click();
  await square(page, to).click();
}

/** Player 1 creates a game from the home page; returns the link it shows to send. */
async function createGame(page: Page, name: string, time = 'none'): Promise<string> {
  // The start page plays the recommended rules, RULES; its options for online play.
  expect(await page.locator('.play-rules-name').getAttribute('data-rules')).toBe(RULES);
  await page.getByRole('button', { name: 'Options: Play online' }).click();
  await page.locator('input[name="online-side"][value="attackers"]').check();
  await page.locator(`input[name="time"][value="${time}"]`).check();
  await page.locator('input[name="online-name"]').fill(name);
  await page.getByRole('button', { name: 'Play online', exact: true }).click();
  const link = page.getByTestId('online-link');
  await link.waitFor();
  return link.inputValue();
}

/** Player 2 opens the link and takes the free seat under `name`. */
async function joinGame(page: Page, name: string): Promise<void> {
  await page.locator('.join-seat').waitFor();
  await page.locator('.join-seat input[name="online-name"]').fill(name);
  await page.getByRole('button', { name: 'Take the seat' }).click();
}

describe('an online game', () => {
  it('is created, joined by its link, and played to its end by clicks, watched by a third', async () => {
    const { records, winner, reason } = replayEscape();
    expect([winner, reason]).toEqual(['defenders', 'escape']);

    const ann = await open(app.server.url);
    const link = await createGame(ann, 'Ann', 'live:5+3');
    expect(link).toMatch(new RegExp(`^${app.server.url}#/online/[A-Za-z0-9]{10}$`));
    await waitForStatus(ann, 'Waiting for an opponent: send them this link.');

    const bob = await open(link);
    await joinGame(bob, 'Bob');
    await waitForStatus(ann, 'Your move');
    await waitForStatus(bob, 'Waiting for Ann to move');
    await expect(ann.locator('.player-defenders .player-name').textContent()).resolves.toContain('Bob');
    await expect(bob.locator('.player-defenders .player-name').textContent()).resolves.toContain('(you)');
    // A live 5+3 game: both clocks at five minutes before the first move.
    await expect(ann.getByTestId('clock-attackers').textContent()).resolves.toBe('5:00');

    const eve = await open(link, { locale: 'fr-FR' });
    await eve.getByTestId('watching').waitFor();
    await expect(eve.locator('.join-seat').count()).resolves.toBe(0);

    const pages = [ann, bob, eve];
    for (const [i, move] of ESCAPE.entries()) {
      const mover = i % 2 === 0 ? ann : bob;
      const other = i % 2 === 0 ? bob : ann;
      // The one who is not to move cannot move: their pieces have no destinations.
      await square(other, move.split('-')[0]!).click();
      await expect(other.locator('.tb-sq.is-dest').count()).resolves.toBe(0);
      await clickMove(mover, move);
      for (const page of pages) await waitForMoves(page, i + 1);
      if (i === 2) {
        // The mover's clock got its increment and stopped; the other's runs.
        await expect(ann.getByTestId('clock-attackers').getAttribute('class')).resolves.not.toContain(
          'is-running',
        );
        await expect(ann.getByTestId('clock-defenders').getAttribute('class')).resolves.toContain(
          'is-running',
        );
      }
    }

    for (const page of pages) await expect(moveList(page)).resolves.toEqual(records);
    // A player is told their own result ("You won." / "You lost."), a spectator the side that won.
    await expect(ann.locator('.banner-end').textContent()).resolves.toContain(
      'You lost. The king escaped to a7.',
    );
    await expect(bob.locator('.banner-end').textContent()).resolves.toContain(
      'You won. The king escaped to a7.',
    );
    for (const page of [ann, bob]) {
      await expect(status(page)).resolves.toBe('The game is over.');
      await expect(page.getByRole('button', { name: 'Resign' }).count()).resolves.toBe(0);
      await expect(page.getByRole('button', { name: 'Offer a rematch' }).count()).resolves.toBe(1);
    }
    await expect(eve.locator('.banner-end').textContent()).resolves.toContain(
      'Les défenseurs gagnent. Le roi s’est évadé par a7.',
    );
    // The spectator has no controls but turning the board and the sound switch.
    await expect(eve.locator('.game-actions button').allTextContents()).resolves.toEqual([
      ' Tourner le plateau',
      ' Son',
    ]);
    // The finished game steps back like any replay.
    await eve.getByRole('button', { name: 'Coup précédent' }).click();
    await expect(eve.locator('.move-list [aria-current="true"]').textContent()).resolves.toBe(records[6]);

    await ann.screenshot({ path: '/tmp/online-end.png' });
    await eve.setViewportSize({ width: 390, height: 844 });
    await eve.screenshot({ path: '/tmp/online-watch-phone.png', fullPage: true });
    for (const page of pages) expect((page as Page & { errors?: string[] }).errors).toEqual([]);
  });

  it('ends by resignation, goes on to a rematch with the sides swapped, and ends it by agreement', async () => {
    const ann = await open(app.server.url);
    const link = await createGame(ann, 'Ann');
    const bob = await open(link);
    await joinGame(bob, 'Bob');
    await waitForStatus(ann, 'Your move');
    await clickMove(ann, 'b4-b2');
    await waitForMoves(bob, 1);

    // Bob resigns, asked twice.
    await bob.getByRole('button', { name: 'Resign' }).click();
    await bob.getByRole('group', { name: 'Resign the game?' }).getByRole('button', { name: 'Yes' }).click();
    await ann.locator('.banner-end').filter({ hasText: 'You won. The defenders resigned.' }).waitFor();
    await bob.locator('.banner-end').filter({ hasText: 'You lost. The defenders resigned.' }).waitFor();

    // Ann offers a rematch, Bob accepts: both are taken to the new game, Ann now the defenders.
    await ann.getByRole('button', { name: 'Offer a rematch' }).click();
    await bob.getByText('Ann offers a rematch, sides swapped.').waitFor();
    await bob.getByRole('button', { name: 'Accept the rematch' }).click();
    const firstId = link.split('/').pop()!;
    for (const page of [ann, bob])
      await page.waitForFunction(
        (id) => /^#\/online\/[A-Za-z0-9]{10}$/.test(location.hash) && !location.hash.endsWith(id),
        firstId,
      );
    expect(await ann.evaluate(() => location.hash)).toBe(await bob.evaluate(() => location.hash));
    await waitForStatus(bob, 'Your move');
    await waitForStatus(ann, 'Waiting for Bob to move');
    await expect(ann.locator('.player-defenders .player-name').textContent()).resolves.toContain('Ann (you)');

    // A move each, then Bob offers a draw and Ann accepts it.
    await clickMove(bob, 'b4-b2');
    await waitForMoves(ann, 1);
    await clickMove(ann, 'd5-f5');
    await waitForMoves(bob, 2);
    await bob.getByRole('button', { name: 'Offer a draw' }).click();
    await bob.getByText('You offered a draw.').waitFor();
    await ann.getByRole('button', { name: 'Accept the draw' }).click();
    for (const page of [ann, bob])
      await page.locator('.banner-end').filter({ hasText: 'Draw. The players agreed to a draw.' }).waitFor();
  });

  it('is created with the player’s own live clock, and not with minutes out of range', async () => {
    const ann = await open(app.server.url);
    expect(await ann.locator('.play-rules-name').getAttribute('data-rules')).toBe(RULES);
    await ann.getByRole('button', { name: 'Options: Play online' }).click();
    await ann.locator('input[name="online-side"][value="defenders"]').check();
    await ann.getByRole('radio', { name: 'Another live time control' }).check();
    const minutes = ann.getByRole('spinbutton', { name: 'Minutes for the game' });
    const seconds = ann.getByRole('spinbutton', { name: 'Seconds added per move' });
    await ann.locator('input[name="online-name"]').fill('Ann');
    // 500 minutes is more than the server takes: the form says so and creates nothing.
    await minutes.fill('500');
    await ann.getByRole('button', { name: 'Play online', exact: true }).click();
    expect(await minutes.evaluate((input: HTMLInputElement) => input.validity.rangeOverflow)).toBe(true);
    expect(await ann.getByTestId('online-link').count()).toBe(0);
    await minutes.fill('20');
    await seconds.fill('15');
    await ann.getByRole('button', { name: 'Play online', exact: true }).click();
    const link = await ann.getByTestId('online-link').inputValue();
    const id = link.slice(link.lastIndexOf('/') + 1);
    const game = (await (await fetch(`${app.server.url}api/games/${id}`)).json()) as { time: unknown };
    expect(game.time).toEqual({ kind: 'live', baseMs: 20 * 60_000, incrementMs: 15_000 });
    await ann.getByText('Live 20+15').first().waitFor();
    // The clocks start when the second player sits down; the first move is not timed.
    const bob = await open(link);
    await joinGame(bob, 'Bob');
    await waitForStatus(bob, 'Your move');
    for (const page of [ann, bob])
      for (const side of ['attackers', 'defenders'])
        expect(await page.getByTestId(`clock-${side}`).textContent()).toBe('20:00');
  });

  it('is aborted before its first move, and an unknown game is said to be unknown', async () => {
    const ann = await open(app.server.url);
    await createGame(ann, 'Ann');
    await ann.getByRole('button', { name: 'Abort the game' }).click();
    await ann
      .locator('.banner-end')
      .filter({ hasText: 'No result. The game was aborted before its first move.' })
      .waitFor();
    const lost = await open(`${app.server.url}#/online/ZZZZZZZZZZ`, { locale: 'es-ES' });
    await lost.getByRole('heading', { name: 'Esa partida en línea no existe', exact: false }).waitFor();
  });

  it('catches up with the opponent’s move made while its connection was down, without a reload', async () => {
    // Ann's WebSocket goes through a route the test can cut: close her socket and refuse new ones.
    let cut = false;
    const sockets: { close(): Promise<void> }[] = [];
    const ann = await open(app.server.url, {
      route: async (_context, page) => {
        await page.routeWebSocket(/\/api\/ws$/, (ws) => {
          if (cut) {
            void ws.close({ code: 1011, reason: 'cut by the test' });
            return;
          }
          ws.connectToServer();
          sockets.push(ws);
        });
      },
    });
    const link = await createGame(ann, 'Ann');
    const bob = await open(link);
    await joinGame(bob, 'Bob');
    await waitForStatus(ann, 'Your move');
    await clickMove(ann, 'b4-b2');
    await waitForMoves(bob, 1);
    await ann.evaluate(() => ((window as unknown as { marker: number }).marker = 42));

    // The connection drops: Ann is told, and her board takes no move.
    cut = true;
    for (const ws of sockets.splice(0)) await ws.close();
    await ann.getByTestId('connection').waitFor();
    await expect(ann.getByTestId('connection').textContent()).resolves.toContain('reconnecting');

    // Bob moves meanwhile.
    await clickMove(bob, 'd5-f5');
    await waitForMoves(bob, 2);
    await ann.waitForTimeout(1500);
    await expect(moveList(ann)).resolves.toEqual(['b4-b2']);

    // The network comes back: Ann's page catches up by itself.
    cut = false;
    await waitForMoves(ann, 2);
    await expect(moveList(ann)).resolves.toEqual(['b4-b2', 'd5-f5']);
    await waitForStatus(ann, 'Your move');
    await expect(ann.getByTestId('connection').count()).resolves.toBe(0);
    await expect(ann.evaluate(() => (window as unknown as { marker: number }).marker)).resolves.toBe(42);

    // And plays on.
    await clickMove(ann, 'g4-g2');
    await waitForMoves(bob, 3);

    // Bob's lobby lists the game among his own, his move awaited.
    await bob.goto(`${app.server.url}#/lobby`);
    const mine = bob.locator('[data-list="mine"] .lobby-game');
    await mine.first().waitFor();
    await expect(mine.count()).resolves.toBe(1);
    await expect(mine.textContent()).resolves.toContain('Your move');
    await expect(mine.textContent()).resolves.toContain('Ann against Bob');
  });

  it('goes offline and back (the browser’s network), catching up with a move made meanwhile', async () => {
    const ann = await open(app.server.url);
    const link = await createGame(ann, 'Ann');
    const bob = await open(link);
    await joinGame(bob, 'Bob');
    await waitForStatus(ann, 'Your move');
    await clickMove(ann, 'b4-b2');
    await waitForMoves(bob, 1);
    await bob.evaluate(() => ((window as unknown as { marker: number }).marker = 7));

    const annContext = app.contexts.at(-2)!;
    const bobContext = app.contexts.at(-1)!;
    // Offline, the screen says so and the board takes no move (it could not be sent).
    await bobContext.setOffline(true);
    await expect(bob.getByTestId('offline').textContent()).resolves.toMatch(/^You are offline\./);
    await square(bob, 'd5').click();
    await expect(bob.locator('.tb-sq.is-dest').count()).resolves.toBe(0);
    await bobContext.setOffline(false);
    await bob.getByTestId('offline').waitFor({ state: 'detached' });
    await bob.getByTestId('connection').waitFor({ state: 'detached' });

    // Now Ann goes offline, Bob moves, Ann comes back and sees it.
    await annContext.setOffline(true);
    await ann.getByTestId('offline').waitFor();
    await clickMove(bob, 'd5-f5');
    await waitForMoves(bob, 2);
    await annContext.setOffline(false);
    await waitForMoves(ann, 2);
    await expect(moveList(ann)).resolves.toEqual(['b4-b2', 'd5-f5']);
    await expect(bob.evaluate(() => (window as unknown as { marker: number }).marker)).resolves.toBe(7);
  });
});
