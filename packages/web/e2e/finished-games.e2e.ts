// A rated online game's end and where it is found afterwards, in Chromium against `npm start`'s
// server, at 390×844 and 1280×800: two accounts play a rated Brandubh game on the board (each
// opens it by its link with no token in the browser: the page asks for the account's seat, the
// game saying it holds one) while a guest watches; the defenders resign. The winner's page says
// "You won." and "Brandubh rating R (+D)", the loser's "You lost." and the rating lost, the
// spectator's "The attackers win." with each player's change by the names. My games and Finished
// games then list the game with the result, the rating change, a replay and an analysis link;
// the replay opens the game. No console error, no failed request.
import type { GameRatings, SeatGrant } from '@tafl/server/protocol';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from './harness.js';
import { call, signUp } from './pages.js';
import { clickMove, headerLink, waitForMoves } from './play.js';
import { SIZES, boxOf, openAt, problemsOf, type Size } from './screens.js';

const app = useApp({ TAFL_SIGNUPS_PER_HOUR: '0' });

/** The end banner's parts: the result in bold, and what follows it. */
const endOf = (page: Page) => ({
  result: () => page.locator('.banner-end strong').textContent(),
  detail: () => page.getByTestId('end-detail').textContent(),
});

async function ratingsOf(page: Page, id: string): Promise<GameRatings> {
  for (let i = 0; i < 100; i++) {
    const { body } = await call<GameRatings>(page, `api/games/${id}/ratings`);
    if (body.status === 'rated') return body;
    await page.waitForTimeout(100);
  }
  throw new Error('the game was never rated');
}

describe.each(SIZES)('a rated game over, on %s', (size: Size) => {
  const tag = size.touch ? 'p' : 'd';
  it('tells each player the result and the new rating, and is listed in My games and Finished games', async () => {
    const ann = await openAt(app, app.server.url, size);
    const bob = await openAt(app, app.server.url, size);
    await signUp(ann, `Ann_f${tag}`);
    await signUp(bob, `Bob_f${tag}`);
    const made = await call<SeatGrant>(ann, 'api/games', {
      rules: 'brandubh-2019',
      side: 'attackers',
      time: { kind: 'live', baseMs: 300_000, incrementMs: 3000 },
      name: 'Ann',
      rated: true,
    });
    const id = made.body.game.id;
    expect((await call<SeatGrant>(bob, `api/games/${id}/join`, { name: 'Bob' })).status).toBe(200);

    // Both open it by its link; their browsers hold no token: each page asks for the account's.
    for (const page of [ann, bob]) await page.goto(`${app.server.url}#/online/${id}`);
    const eve = await openAt(app, `${app.server.url}#/online/${id}`, size);
    await eve.getByTestId('watching').waitFor();
    await ann.getByTestId('status').waitFor();
    expect(await ann.getByTestId('watching').count()).toBe(0);
    await clickMove(ann, 'b4-b2');
    await waitForMoves(bob, 1);
    await clickMove(bob, 'd5-f5');
    for (const page of [ann, bob, eve]) await waitForMoves(page, 2);
    // A rated game has no takeback to propose.
    for (const page of [ann, bob]) expect(await page.getByTestId('propose-takeback').count()).toBe(0);
    await bob.getByRole('button', { name: 'Resign' }).click();
    await bob.getByRole('button', { name: 'Yes' }).click();

    const ratings = await ratingsOf(ann, id);
    const won = ratings.attackers!;
    const lost = ratings.defenders!;
    expect(won.diff).toBeGreaterThan(0);
    expect(lost.diff).toBe(-won.diff);
    // The winner: "You won.", why, and the new rating with its change.
    await ann.getByTestId('end-detail').waitFor({ timeout: 20_000 });
    expect(await endOf(ann).result()).toBe('You won.');
    expect(await endOf(ann).detail()).toBe(` · Brandubh rating ${won.rating} (+${won.diff})`);
    expect(await ann.locator('.banner-end').textContent()).toContain('The defenders resigned.');
    expect(await ann.getByTestId('live').textContent()).toContain('You won.');
    // The loser: "You lost.", the rating lost with a minus sign.
    await bob.getByTestId('end-detail').waitFor({ timeout: 20_000 });
    expect(await endOf(bob).result()).toBe('You lost.');
    expect(await endOf(bob).detail()).toBe(` · Brandubh rating ${lost.rating} (−${won.diff})`);
    // The spectator: which side won, no rating of theirs; each player's change by the name.
    await eve.getByTestId('rating-diff-attackers').waitFor({ timeout: 20_000 });
    expect(await endOf(eve).result()).toBe('The attackers win.');
    expect(await eve.getByTestId('end-detail').count()).toBe(0);
    expect(await eve.getByTestId('rating-diff-attackers').textContent()).toBe(` +${won.diff}`);
    expect(await eve.getByTestId('rating-diff-defenders').textContent()).toBe(` −${won.diff}`);
    // On screen: the end banner within the window's width, the changes inside the players' list.
    for (const page of [ann, bob, eve]) {
      const banner = await boxOf(page.locator('.banner-end'));
      expect(banner.x).toBeGreaterThanOrEqual(0);
      expect(banner.x + banner.width).toBeLessThanOrEqual(size.width);
    }
    const players = await boxOf(eve.locator('ul.players'));
    const diff = await boxOf(eve.getByTestId('rating-diff-attackers'));
    expect(diff.y).toBeGreaterThanOrEqual(players.y);
    expect(diff.y + diff.height).toBeLessThanOrEqual(players.y + players.height);

    // My games: the finished game, won, with the rating change, a replay and an analysis link.
    await headerLink(ann, '#/games');
    const mine = ann.locator(`[data-list="finished"] li[data-game="${id}"]`);
    await mine.waitFor({ timeout: 20_000 });
    expect(await mine.getByTestId('finished-result').textContent()).toBe(
      `You won. The defenders resigned. +${won.diff}`,
    );
    expect(await mine.locator(`a.action[href="#/online/${id}"]`).textContent()).toBe('Replay');
    expect(await mine.locator(`a.action[href="#/analysis/online/${id}"]`).count()).toBe(1);
    expect(await mine.locator('.game-summary-meta').textContent()).toContain(`against Bob_f${tag}`);
    await headerLink(bob, '#/games');
    const his = bob.locator(`[data-list="finished"] li[data-game="${id}"]`);
    await his.waitFor({ timeout: 20_000 });
    expect(await his.getByTestId('finished-rating').textContent()).toBe(` −${won.diff}`);
    expect(await his.getByTestId('finished-result').locator('strong').textContent()).toBe('You lost.');

    // Finished games: the online games first, the same game; its replay opens it.
    await headerLink(ann, '#/archive');
    // The archive's own list (My games shows the same list: until the archive's code has loaded,
    // the screen left behind would answer).
    const kept = ann.locator(`.archive [data-testid="finished-online"] li[data-game="${id}"]`);
    await kept.waitFor({ timeout: 20_000 });
    expect(await ann.locator('.archive h2').first().textContent()).toBe('Online games');
    expect(await ann.locator('.archive .empty').count()).toBe(0);
    await kept.locator(`a.action[href="#/online/${id}"]`).click();
    await ann.waitForFunction((game) => location.hash === `#/online/${game}`, id);
    await waitForMoves(ann, 2);
    expect(await ann.getByTestId('status').textContent()).toBe('The game is over.');

    for (const page of [ann, bob, eve]) expect(problemsOf(page)).toEqual([]);
  });
});
