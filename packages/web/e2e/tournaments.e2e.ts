// Tournaments in Chromium, against `npm start`'s server (its director ticking fast, starts
// allowed within seconds): a signed-in player creates a Swiss through the form (a missing name
// said first), sees its page count down to the start and joins it; a second player finds it in
// the list and joins from there; a guest is asked to sign in. Then a one-round Swiss starts, its
// page shows the pairing and its game, the game is resigned, and the page (asked again every 10 s)
// shows the result, the tournament finished and the standings with their tie-break order.
import type { SeatKey, TournamentView } from '@tafl/server/protocol';
import { describe, expect, it } from 'vitest';
import { useApp } from './harness.js';
import { call, errorsOf, openPage, resign, signUp } from './pages.js';

const app = useApp({
  TAFL_SIGNUPS_PER_HOUR: '100',
  TAFL_TOURNAMENT_TICK_MS: '200',
  TAFL_TOURNAMENT_MIN_START_MS: '0',
});
describe('tournaments', () => {
  it('are created through the form, counted down, joined from their page and from the list', async () => {
    const ann = await openPage(app, app.server.url);
    await signUp(ann, 'Ann_t');
    await ann.goto(`${app.server.url}#/tournaments`);
    await ann.getByRole('link', { name: 'Create a tournament' }).click();
    await ann.waitForFunction(() => location.hash === '#/tournaments/new');

    // The start is an hour ahead by default, in the page's local time.
    const start = await ann.locator('input[name="start"]').inputValue();
    expect(start).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    const ahead = new Date(start).getTime() - Date.now();
    expect(ahead).toBeGreaterThan(55 * 60_000);
    expect(ahead).toBeLessThan(66 * 60_000);

    // Without a name, the form says so, in its live region.
    await ann.getByRole('button', { name: 'Create the tournament' }).click();
    await ann.waitForFunction(() =>
      document
        .querySelector('[data-testid="tournament-error"]')
        ?.textContent?.includes('Give the tournament a name'),
    );
    expect(await ann.getByTestId('tournament-error').getAttribute('aria-live')).toBe('assertive');

    await ann.getByLabel('Name').fill('Winter cup');
    await ann.locator('input[name="kind"][value="swiss"]').check();
    await ann.getByLabel('Ruleset').selectOption('brandubh-2019');
    await ann.locator('input[name="time-kind"][value="live"]').check();
    await ann.locator('input[name="base"]').fill('10');
    await ann.locator('input[name="increment"]').fill('5');
    await ann.getByLabel('Rounds').fill('3');
    await ann.getByRole('button', { name: 'Create the tournament' }).click();
    await ann.waitForFunction(() => location.hash.startsWith('#/tournament/'));
    const id = decodeURIComponent((await ann.evaluate(() => location.hash)).slice('#/tournament/'.length));

    await ann.locator('#tournament-name').waitFor();
    expect(await ann.locator('#tournament-name').textContent()).toBe('Winter cup');
    expect(await ann.locator('.tournament-line').textContent()).toBe(
      'Swiss · Brandubh (2019 blog) · Live 10+5 · 3 rounds · rated',
    );
    expect(await ann.getByTestId('tournament-status').textContent()).toBe('open for entries');
    expect(await ann.locator('.countdown').textContent()).toMatch(
      /^Starts in (1 h 0\d min|[5-9]\d min \d\d s)\.$/,
    );
    // Its creator is in it; she may leave and join again before the start.
    await ann.getByText('You are in.').waitFor();
    expect(await ann.locator('[data-list="entrants"] h2').textContent()).toBe('Players (1)');
    expect(await ann.locator('[data-list="entrants"] li').allTextContents()).toEqual(['Ann_t']);
    await ann.getByRole('button', { name: 'Leave' }).click();
    await ann.getByRole('button', { name: 'Join' }).waitFor();
    expect(await ann.locator('[data-list="entrants"] h2').textContent()).toBe('Players (0)');
    await ann.getByRole('button', { name: 'Join' }).click();
    await ann.getByText('You are in.').waitFor();
    expect(await ann.locator('[data-list="entrants"] li').allTextContents()).toEqual(['Ann_t']);

    // Bob finds it in the list, open for entries, and joins from there.
    const bob = await openPage(app, app.server.url);
    await signUp(bob, 'Bob_t');
    await bob.goto(`${app.server.url}#/tournaments`);
    const item = bob.locator(`[data-list="open"] li[data-tournament="${id}"]`);
    await item.waitFor();
    expect(await item.textContent()).toContain('1 player');
    expect(await item.textContent()).toContain('created by Ann_t');
    await item.getByRole('button', { name: 'Join' }).click();
    await bob.waitForFunction((id) => location.hash === `#/tournament/${id}`, id);
    await bob.getByText('You are in.').waitFor();
    expect(await bob.locator('[data-list="entrants"] li').allTextContents()).toEqual(['Ann_t', 'Bob_t']);

    // A guest sees the list, no join button, and is asked to sign in.
    const guest = await openPage(app, `${app.server.url}#/tournaments`);
    await guest.locator(`[data-list="open"] li[data-tournament="${id}"]`).waitFor();
    await guest.getByText('Sign in to create or join a tournament.').waitFor();
    expect(await guest.getByRole('button', { name: 'Join' }).count()).toBe(0);
    expect(await guest.getByRole('link', { name: 'Create a tournament' }).count()).toBe(0);
    for (const page of [ann, bob, guest]) expect(errorsOf(page)).toEqual([]);
  });

  it('says the server’s refusal in the form’s live region: signed out meanwhile', async () => {
    const eve = await openPage(app, app.server.url);
    await signUp(eve, 'Eve_t');
    await eve.goto(`${app.server.url}#/tournaments/new`);
    await eve.getByLabel('Name').fill('Spring cup');
    // Signed out in another tab: the form is still there, the server now refuses.
    expect((await call(eve, 'api/account/signout', {})).status).toBe(204);
    await eve.getByRole('button', { name: 'Create the tournament' }).click();
    await eve.waitForFunction(() =>
      document.querySelector('[data-testid="tournament-error"]')?.textContent?.includes('Sign in first'),
    );
    expect(await eve.evaluate(() => location.hash)).toBe('#/tournaments/new');
    expect(errorsOf(eve)).toEqual([]);
  });

  it('shows a running round’s pairing and game, then the result and the standings', async () => {
    const cat = await openPage(app, app.server.url);
    const dan = await openPage(app, app.server.url);
    await signUp(cat, 'Cat_t');
    await signUp(dan, 'Dan_t');
    const created = await call<TournamentView>(cat, 'api/tournaments', {
      name: 'Quick one',
      kind: 'swiss',
      rules: 'brandubh-2019',
      time: { kind: 'live', baseMs: 300_000, incrementMs: 3000 },
      rounds: 1,
      startsAt: Date.now() + 3000,
      rated: false,
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await call(cat, `api/tournaments/${id}/join`, {})).status).toBe(200);
    expect((await call(dan, `api/tournaments/${id}/join`, {})).status).toBe(200);

    await cat.goto(`${app.server.url}#/tournament/${id}`);
    // Open, then (asked again every 10 s) being played with round 1 paired.
    await cat.waitForFunction(() => document.querySelector('[data-status="running"]') !== null, undefined, {
      timeout: 30_000,
    });
    expect(await cat.getByTestId('tournament-status').textContent()).toBe('being played');
    expect(await cat.locator('.tournament .rating-note').first().textContent()).toContain('round 1 of 1');
    const row = cat.locator('[data-round="1"] tbody tr');
    expect(await row.count()).toBe(1);
    const names = await row.locator('td a[href^="#/player/"]').allTextContents();
    expect([...names].sort()).toEqual(['Cat_t', 'Dan_t']);
    const game = (await row.getAttribute('data-game'))!;
    expect(game).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(await row.locator(`a[href="#/online/${game}"]`).count()).toBe(1);
    expect(await row.locator('.pairing-result').textContent()).toBe('being played');

    // The attackers resign: the defenders win the round, and the tournament.
    const [attackers, defenders] = names as [string, string];
    const resigner = attackers === 'Cat_t' ? cat : dan;
    const seat = await call<SeatKey>(resigner, `api/games/${game}/seat`);
    expect(seat.body.side).toBe('attackers');
    await resign(resigner, game, seat.body.token);

    await cat.waitForFunction(() => document.querySelector('[data-status="finished"]') !== null, undefined, {
      timeout: 30_000,
    });
    expect(await row.locator('.pairing-result').textContent()).toBe('0–1');
    const standings = cat.locator('[data-list="standings"] tbody tr');
    expect(await standings.count()).toBe(2);
    expect(await standings.nth(0).getAttribute('data-player')).toBe(defenders);
    // Rank, points, Buchholz (the opponent's 0), Sonneborn-Berger, attacked, defended, rating.
    const first = await standings.nth(0).locator('td').allTextContents();
    expect(first).toEqual(['1', '1', '0', '0', '0', '1', '1500']);
    expect(await standings.nth(1).getAttribute('data-player')).toBe(attackers);
    expect(await standings.nth(1).locator('td').first().textContent()).toBe('2');
    expect(await cat.locator('[data-list="standings"]').textContent()).toContain(
      'Ranked by points (a win 1, a draw ½, a bye 1), then Buchholz',
    );

    // The list has it among the finished.
    await dan.goto(`${app.server.url}#/tournaments`);
    await dan.locator(`[data-list="finished"] li[data-tournament="${id}"]`).waitFor();
    for (const page of [cat, dan]) expect(errorsOf(page)).toEqual([]);
  });
});
