// "My games" in Chromium, against `npm start`'s server: two accounts in two browser contexts
// play a correspondence game. The one whose move it is finds it first in "My games" with the
// header's count at 1, the other at 0; after the move the counts change places. A third context
// signed in as the second account (another device: no seat token in its storage) opens the game
// from "My games" and moves with the account's seat token, fetched from the server.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, signUp, waitForCount } from './accounts.js';
import { useApp } from './harness.js';

const app = useApp({ TAFL_SIGNUPS_PER_HOUR: '0' });

async function open(): Promise<Page> {
  const context: BrowserContext = await app.browser.newContext({
    locale: 'en-GB',
    viewport: { width: 1200, height: 900 },
  });
  app.contexts.push(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  (page as Page & { errors?: string[] }).errors = errors;
  await page.goto(app.server.url);
  // The app has started (and follows the address bar) once the header asks who is signed in.
  await page.getByTestId('nav-sign-in').waitFor();
  return page;
}

const errorsOf = (page: Page): string[] => (page as Page & { errors?: string[] }).errors ?? [];
const square = (page: Page, name: string) => page.locator(`[role="gridcell"][aria-label^="${name},"]`);

async function clickMove(page: Page, move: string): Promise<void> {
  const [from = '', to = ''] = move.split('-');
  await square(page, from).click();
  await square(page, to).click();
}

async function waitForStatus(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (wanted) => document.querySelector('[data-testid="status"]')?.textContent === wanted,
    text,
    { timeout: 20_000 },
  );
}

async function waitForMoves(page: Page, n: number): Promise<void> {
  await page.waitForFunction(
    (count) =>
      document.querySelectorAll('.move-list .move[data-ply]').length === count &&
      document.querySelectorAll('.move-list .move[data-pending]').length === 0,
    n,
    { timeout: 20_000 },
  );
}

/** Opens "My games" from the header and waits for its list; returns the games' ids in order. */
async function myGames(page: Page): Promise<string[]> {
  // (Already there: from the lobby, so that the screen reads the list afresh.)
  if ((await page.evaluate(() => location.hash)) === '#/games')
    await page.locator('.main-nav a[href="#/lobby"]').click();
  await page.getByTestId('nav-my-games').click();
  await page.getByTestId('my-games').waitFor({ timeout: 20_000 });
  return page
    .locator('[data-testid="my-games"] [data-game]')
    .evaluateAll((items) => items.map((li) => li.getAttribute('data-game') ?? ''));
}

describe('my games', () => {
  it('lists the game waiting for my move first, counts it in the header, and plays it from another device', async () => {
    const alice = await open();
    await signUp(alice, 'Alice', 'alice password');
    const bob = await open();
    await signUp(bob, 'Bob_B', 'bob password 1');

    // Bob has a game of his own waiting for an opponent: it comes after the game of his move.
    await bob.evaluate(() => (location.hash = '#/'));
    await bob.getByRole('button', { name: 'Options: Play online' }).click();
    await bob.locator('input[name="online-side"][value="defenders"]').check();
    await bob.locator('input[name="time"][value="none"]').check();
    expect(await bob.getByTestId('playing-as').textContent()).toBe('You play as Bob_B.');
    await bob.getByRole('button', { name: 'Play online', exact: true }).click();
    await bob.getByTestId('online-link').waitFor();
    const waitingId = await bob.evaluate(() => location.hash.split('/')[2]!);

    // Alice creates a correspondence game (3 days a move) as the attackers, who move first
    // in Brandubh 2019.
    await alice.evaluate(() => (location.hash = '#/'));
    expect(await alice.locator('.play-rules-name').getAttribute('data-rules')).toBe('brandubh-2019');
    await alice.getByRole('button', { name: 'Options: Play online' }).click();
    await alice.locator('input[name="online-side"][value="attackers"]').check();
    await alice.locator('input[name="time"][value="days:3"]').check();
    await alice.getByRole('button', { name: 'Play online', exact: true }).click();
    const link = await alice.getByTestId('online-link').inputValue();
    const id = link.split('/').pop()!;

    // Bob opens the link: signed in, he is asked as anyone is, and takes the seat under his
    // account's name.
    await bob.goto(link);
    expect(await bob.getByTestId('playing-as').textContent()).toBe('You play as Bob_B.');
    await bob.getByRole('button', { name: 'Take the seat' }).click();
    await waitForStatus(bob, 'Waiting for Alice to move');
    await waitForStatus(alice, 'Your move');
    expect(await alice.getByTestId('player-defenders').textContent()).toBe('Bob_B');

    // Alice's move: first in her games, and counted in her header; Bob's count is 0.
    expect((await myGames(alice))[0]).toBe(id);
    expect(await alice.locator(`[data-game="${id}"]`).getAttribute('data-my-turn')).toBe('yes');
    expect(await alice.locator(`[data-game="${id}"] .deadline`).textContent()).toMatch(/^\d+ d \d+ h left$/);
    await waitForCount(alice, 1);
    // Bob's: the game (just joined, the most recently changed) then his own waiting one.
    expect(await myGames(bob)).toEqual([id, waitingId]);
    expect(await bob.locator(`[data-game="${id}"]`).getAttribute('data-my-turn')).toBe('no');
    await waitForCount(bob, 0);

    // Alice opens the game from her list and moves: her count goes to 0, Bob's to 1.
    await alice.locator(`[data-game="${id}"] a.action`).click();
    await waitForStatus(alice, 'Your move');
    await clickMove(alice, 'b4-b2');
    await waitForMoves(alice, 1);
    expect(await myGames(alice)).toEqual([id]);
    await waitForCount(alice, 0);
    expect(await myGames(bob)).toEqual([id, waitingId]);
    expect(await bob.locator(`[data-game="${id}"]`).getAttribute('data-my-turn')).toBe('yes');
    await waitForCount(bob, 1);

    // Bob on another device: signed in, no seat token in this browser; he opens the game from
    // his list and moves with the account's seat.
    const phone = await open();
    await signIn(phone, 'Bob_B', 'bob password 1');
    expect(await phone.evaluate(() => localStorage.getItem('tafl.online.seats'))).toBeNull();
    await waitForCount(phone, 1);
    expect((await myGames(phone))[0]).toBe(id);
    await phone.locator(`[data-game="${id}"] a.action`).click();
    await waitForStatus(phone, 'Your move');
    expect(await phone.getByTestId('watching').count()).toBe(0);
    await clickMove(phone, 'd5-f5');
    await waitForMoves(phone, 2);
    // Alice sees the move, and her count is back to 1.
    await alice.goto(link);
    await waitForMoves(alice, 2);
    await waitForStatus(alice, 'Your move');
    await waitForCount(alice, 1);
    await waitForCount(phone, 0);

    for (const page of [alice, bob, phone]) expect(errorsOf(page)).toEqual([]);
  });
});
