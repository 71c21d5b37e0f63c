// The player page and the leaderboards in Chromium, against `npm start`'s server: two accounts
// (signed up in their own browser contexts, as the app's pages do it: same-origin requests with
// the session's CSRF token) play a rated Brandubh game, the defenders resign, and each player's
// page shows the new provisional rating with its `?`, the history graph from the start to after
// the game, the results as attackers and as defenders apart and the game with its rating change.
// A player with no rated game has a friendly empty state, an unknown name a clear message, and
// the leaderboard lists nobody yet (provisional ratings are not listed).
import type { Leaderboard, PlayerView, SeatGrant } from '@tafl/server/protocol';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from './harness.js';
import { call, errorsOf, openPage, resign, signUp } from './pages.js';

const app = useApp({ TAFL_SIGNUPS_PER_HOUR: '100' });
/** Waits until the player's page data shows a rating (the ratings are written as the game ends). */
async function waitForRating(name: string): Promise<PlayerView> {
  for (let i = 0; i < 100; i++) {
    const response = await fetch(`${app.server.url}api/players/${name}`);
    const view = (await response.json()) as PlayerView;
    if (view.ratings?.length > 0 && view.recent?.some((g) => g.ratingDiff !== null)) return view;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} has no rating`);
}

const graphPoints = (page: Page): Promise<string[]> =>
  page
    .locator('.rating-panel[data-family="brandubh"] svg[role="img"] polyline')
    .getAttribute('points')
    .then((p) => (p ?? '').trim().split(/\s+/));

describe('the player page', () => {
  it('shows a rated game’s new rating, its history, the sides apart and the game with its rating change', async () => {
    const ann = await openPage(app, app.server.url);
    const bob = await openPage(app, app.server.url);
    await signUp(ann, 'Ann_e2e');
    await signUp(bob, 'Bob_e2e');

    // Ann seeks a rated game as the attackers; Bob takes the seat; Bob resigns.
    const created = await call<SeatGrant>(ann, 'api/games', {
      rules: 'brandubh-2019',
      side: 'attackers',
      time: { kind: 'live', baseMs: 300_000, incrementMs: 3000 },
      name: 'Ann',
      rated: true,
    });
    expect(created.status).toBe(201);
    const id = created.body.game.id;
    const joined = await call<SeatGrant>(bob, `api/games/${id}/join`, { name: 'Bob' });
    expect(joined.status).toBe(200);
    expect(joined.body.side).toBe('defenders');
    await resign(bob, id, joined.body.token);

    const annView = await waitForRating('Ann_e2e');
    const annRating = annView.ratings[0]!;
    expect(annRating.family).toBe('brandubh');
    expect(annRating.rating).toBeGreaterThan(1500);
    const gain = annRating.history[0]!.rating - 1500;

    await ann.goto(`${app.server.url}#/player/Ann_e2e`);
    // The app asks who is signed in as it loads (the sign-up form would have told it).
    await ann.reload();
    await ann.locator('.rating-panel[data-family="brandubh"]').waitFor();
    // Her own page says so, with a link to her games.
    await ann.locator('.player-own a[href="#/games"]').waitFor();
    expect(await ann.locator('h1').textContent()).toBe('Ann_e2e');
    // The rating, provisional after one game: its `?`, and the deviation.
    expect(await ann.getByTestId('rating-brandubh').textContent()).toBe(`${annRating.rating}?`);
    expect(await ann.locator('.rating-panel .rating-dev').first().textContent()).toBe(
      `±${annRating.deviation}`,
    );
    expect(await ann.locator('.rating-panel').textContent()).toContain('1 rated game');
    // The graph: two points, the start and after the game, the later one higher; its summary.
    const points = await graphPoints(ann);
    expect(points).toHaveLength(2);
    const [y0, y1] = points.map((p) => Number(p.split(',')[1]));
    expect(y1).toBeLessThan(y0!);
    expect(await ann.locator('.rating-panel svg[role="img"]').getAttribute('aria-label')).toBe(
      `Rating history: from 1500 to ${annRating.history[0]!.rating} over 1 game.`,
    );
    // The points as a table for screen readers: the start and game 1.
    expect(await ann.locator('.rating-graph table tbody tr').count()).toBe(2);
    // Attackers and defenders apart: one win as the attackers, nothing as the defenders.
    const score = ann.getByTestId('score-brandubh');
    expect(await score.locator('tr[data-side="attackers"] td').allTextContents()).toEqual([
      '1',
      '1',
      '0',
      '0',
      '100 %',
    ]);
    expect(await score.locator('tr[data-side="defenders"] td').allTextContents()).toEqual([
      '0',
      '0',
      '0',
      '0',
      '–',
    ]);
    // The recent game: won, the rating change, against Bob (a link to his page), replay and analysis.
    const game = ann.locator(`[data-list="recent"] li[data-game="${id}"]`);
    expect(await game.getByTestId('outcome').textContent()).toBe('Won');
    expect(await game.getByTestId('rating-diff').textContent()).toBe(`+${Math.round(gain)}`);
    expect(await game.locator('a[href="#/player/Bob_e2e"]').count()).toBe(1);
    expect(await game.locator(`a[href="#/online/${id}"]`).count()).toBe(1);
    expect(await game.locator(`a[href="#/analysis/online/${id}"]`).count()).toBe(1);
    expect(await ann.locator('[data-list="playing"] .empty').textContent()).toBe('No game in progress.');

    // Bob's page: the loss, as the defenders, and the rating lost with a minus sign.
    const bobView = await waitForRating('Bob_e2e');
    const loss = 1500 - bobView.ratings[0]!.history[0]!.rating;
    expect(loss).toBeGreaterThan(0);
    await bob.goto(`${app.server.url}#/player/Bob_e2e`);
    await bob.reload();
    await bob.locator('.rating-panel[data-family="brandubh"]').waitFor();
    await bob.locator('.player-own').waitFor();
    expect(await bob.getByTestId('rating-brandubh').textContent()).toMatch(/^\d+\?$/);
    expect(
      await bob.getByTestId('score-brandubh').locator('tr[data-side="defenders"] td').allTextContents(),
    ).toEqual(['1', '0', '0', '1', '0 %']);
    const bobGame = bob.locator(`[data-list="recent"] li[data-game="${id}"]`);
    expect(await bobGame.getByTestId('outcome').textContent()).toBe('Lost');
    expect(await bobGame.getByTestId('rating-diff').textContent()).toBe(`−${Math.round(loss)}`);

    // From Bob's game, Ann's name opens her page.
    await bobGame.locator('a[href="#/player/Ann_e2e"]').click();
    await bob.waitForFunction(() => document.querySelector('h1')?.textContent === 'Ann_e2e');
    await bob.locator('.rating-panel').first().waitFor();
    expect(await bob.locator('.player-own').count()).toBe(0);

    // Nobody on the leaderboard yet: one game leaves a rating provisional.
    await bob.goto(`${app.server.url}#/leaderboard`);
    await bob.getByTestId('leaderboard-empty').waitFor();
    expect(await bob.locator('.family-tab[aria-current="page"]').textContent()).toBe('Brandubh');
    await bob.locator('.family-tab', { hasText: 'Ard Ri' }).click();
    await bob.waitForFunction(() => location.hash === '#/leaderboard/ard-ri');
    await bob.locator('section[data-family="ard-ri"]').waitFor();
    expect(errorsOf(ann)).toEqual([]);
    expect(errorsOf(bob)).toEqual([]);
  });

  it('greets a player with no rated game, and says when nobody has the name', async () => {
    const cat = await openPage(app, app.server.url, 'fr-FR');
    await signUp(cat, 'Cat_e2e');
    await cat.goto(`${app.server.url}#/player/Cat_e2e`);
    await cat.getByTestId('player-unrated').waitFor();
    expect(await cat.getByTestId('player-unrated').textContent()).toContain(
      'Cat_e2e n’a encore joué aucune partie classée.',
    );
    expect(await cat.locator('.rating-panel').count()).toBe(0);

    await cat.goto(`${app.server.url}#/player/Nobody_here`);
    await cat.getByTestId('player-unknown').waitFor();
    expect(await cat.getByTestId('player-unknown').textContent()).toContain(
      'Il n’y a aucun joueur nommé «\u202fNobody_here\u202f».',
    );
  });

  it('lists a leaderboard’s players with their rank, page, rating, games and last game, in Spanish', async () => {
    // A settled rating takes a dozen rated games: the server's answer is given here, as it sends it.
    const at = Date.UTC(2026, 9, 3, 12);
    const board: Leaderboard = {
      family: 'ard-ri',
      players: [
        { rank: 1, name: 'Medb', rating: 1712, deviation: 64, games: 31, lastPlayedAt: at },
        { rank: 2, name: 'Fergus', rating: 1650, deviation: 90, games: 14, lastPlayedAt: at },
        { rank: 2, name: 'Ailill', rating: 1650, deviation: 101, games: 12, lastPlayedAt: at },
      ],
    };
    const context = await app.browser.newContext({ locale: 'es-ES', viewport: { width: 1200, height: 900 } });
    app.contexts.push(context);
    const page = await context.newPage();
    await page.route('**/api/leaderboard/ard-ri', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(board) }),
    );
    await page.goto(`${app.server.url}#/leaderboard/ard-ri`);
    const rows = page.locator('section[data-family="ard-ri"] tbody tr');
    await rows.first().waitFor();
    expect(await page.locator('.family-tab[aria-current="page"]').textContent()).toBe('Ard Ri');
    expect(await page.locator('thead th').allTextContents()).toEqual([
      'Posición',
      'Jugador',
      'Puntuación',
      'Partidas',
      'Última partida',
    ]);
    expect(await rows.count()).toBe(3);
    const cells = await rows.nth(0).locator('td, th').allTextContents();
    expect(cells.slice(0, 4)).toEqual(['1', 'Medb', '1712 ±64', '31']);
    expect(cells[4]).toMatch(/oct.*2026/i);
    expect(await rows.nth(2).locator('td').first().textContent()).toBe('2');
    expect(await rows.nth(0).locator('a').getAttribute('href')).toBe('#/player/Medb');
    // Who is listed, said in the page's language.
    expect(await page.locator('section[data-family="ard-ri"]').textContent()).toContain('últimos 3 meses');
    // The other tab, and an unknown family falling back to Brandubh's with a sentence.
    await page.goto(`${app.server.url}#/leaderboard/tablut`);
    await page.locator('section[data-family="brandubh"]').waitFor();
    expect(await page.locator('section[data-family="brandubh"]').textContent()).toContain(
      'No hay ninguna familia de puntuación llamada «tablut»',
    );
  });
});
