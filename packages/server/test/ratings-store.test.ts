/**
 * The ratings' storage (store/ratings.ts) on both databases, as the server opens them (SQLite in
 * its worker thread, so every answer crosses a structured clone): a game rated exactly once, two
 * games of one player rated at once without losing either, the sweep's query, the player page's
 * reads and the leaderboard's filter. The users are written beside the store, on a connection
 * of the test's own.
 */

import { afterEach, describe, expect, it } from 'vitest';
import { LEADERBOARD_ACTIVE_MS } from '../src/protocol-players.js';
import { INITIAL_RATING, rateGame } from '../src/ratings/glicko2.js';
import { IDLE_PERIOD_MS, type RatedGame } from '../src/ratings/update.js';
import type { GameRow } from '../src/store/types.js';
import { BACKENDS } from './harness.js';
import { addUsers, DAY, place as placeIn, T } from './ratings-harness.js';
import { gameRow } from './rows.js';

const cleanup: (() => Promise<void>)[] = [];
// Each test's stores closed and its database removed after it (the last opened first).
afterEach(async () => {
  while (cleanup.length > 0) await cleanup.pop()!().catch(() => {});
}, 60_000);

const game = (
  id: string,
  attackers: string,
  defenders: string,
  score: 0 | 0.5 | 1,
  endedAt = T,
): RatedGame => ({
  gameId: id,
  family: 'brandubh',
  attackers: `id-${attackers}`,
  defenders: `id-${defenders}`,
  scoreOfAttackers: score,
  endedAt,
});

/** A stored game of two accounts (rows.ts's, with these fields). */
const stored = (id: string, over: Partial<GameRow>): GameRow =>
  gameRow(
    { kind: 'live', baseMs: 300_000, incrementMs: 0 },
    { id, createdAt: T - DAY, updatedAt: T, ...over },
  );

const place = (backend: 'sqlite' | 'postgres') => placeIn(backend, cleanup);

describe.each(BACKENDS)('ratings storage on %s', (backend) => {
  it('rates a game once: both ratings move from 1500 by equal and opposite amounts, a second call changes nothing', async () => {
    const { open, db } = await place(backend);
    const store = await open();
    await addUsers(db, 'Ailill', 'Medb');
    expect(await store.ratings.rate(game('Game000001', 'Ailill', 'Medb', 1))).toBe('rated');
    const a = (await store.ratings.rating('id-Ailill', 'brandubh'))!;
    const m = (await store.ratings.rating('id-Medb', 'brandubh'))!;
    // The winner gains, the loser loses as much (equal starting ratings), both less uncertain.
    expect(a.rating).toBeGreaterThan(1500);
    expect(m.rating).toBeLessThan(1500);
    expect(a.rating - 1500).toBeCloseTo(1500 - m.rating, 9);
    expect(a.deviation).toBeLessThan(350);
    expect(a.deviation).toBeCloseTo(m.deviation, 9);
    const [ea, em] = rateGame(INITIAL_RATING, INITIAL_RATING, 1);
    expect(a.rating).toBeCloseTo(ea.rating, 9);
    expect(m.rating).toBeCloseTo(em.rating, 9);
    expect(a).toMatchObject({ games: 1, lastPlayedAt: T, family: 'brandubh' });
    expect(await store.ratings.rating('id-Ailill', 'ard-ri')).toBeUndefined();
    const diff = Math.round(ea.rating) - 1500;
    expect(diff).toBeGreaterThan(0);
    expect(await store.ratings.diffs('id-Ailill', ['Game000001', 'Nothing001'])).toEqual([
      ['Game000001', diff],
    ]);
    expect(await store.ratings.diffs('id-Medb', ['Game000001'])).toEqual([['Game000001', -diff]]);
    const history = await store.ratings.history('id-Medb', 'brandubh', 10);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ gameId: 'Game000001', at: T, diff: -diff });

    // Again, from this store and from another (another process on PostgreSQL): already rated.
    expect(await store.ratings.rate(game('Game000001', 'Ailill', 'Medb', 1))).toBe('already');
    const other = await open();
    expect(await other.ratings.rate(game('Game000001', 'Ailill', 'Medb', 0))).toBe('already');
    expect(await store.ratings.rating('id-Ailill', 'brandubh')).toEqual(a);
    expect(await store.ratings.rating('id-Medb', 'brandubh')).toEqual(m);
    expect(await store.ratings.history('id-Medb', 'brandubh', 10)).toEqual(history);
  });

  it('rates one game exactly once when two stores try it at the same moment', async () => {
    const { open, db } = await place(backend);
    const one = await open();
    const two = await open();
    await addUsers(db, 'Ailill', 'Medb');
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 ? one : two).ratings.rate(game('Game000001', 'Ailill', 'Medb', 0.5)),
      ),
    );
    expect(outcomes.filter((o) => o === 'rated')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'already')).toHaveLength(5);
    expect((await one.ratings.rating('id-Ailill', 'brandubh'))!.games).toBe(1);
  });

  it("loses neither of two games of one player that end at once (each game starts from the other's result)", async () => {
    const { open, db } = await place(backend);
    const one = await open();
    const two = await open();
    await addUsers(db, 'Ailill', 'Medb', 'Fergus');
    // Ailill wins against Medb and loses against Fergus, both rated at the same moment.
    const [x, y] = await Promise.all([
      one.ratings.rate(game('Game000001', 'Ailill', 'Medb', 1, T)),
      two.ratings.rate(game('Game000002', 'Fergus', 'Ailill', 1, T)),
    ]);
    expect([x, y]).toEqual(['rated', 'rated']);
    const ailill = (await one.ratings.rating('id-Ailill', 'brandubh'))!;
    expect(ailill.games).toBe(2);
    expect(await one.ratings.history('id-Ailill', 'brandubh', 10)).toHaveLength(2);
    // Whichever went first, the second started from the first's result, never from 1500/350.
    const fresh = INITIAL_RATING;
    const [afterWin] = rateGame(fresh, fresh, 1);
    const [, winThenLoss] = rateGame(fresh, afterWin, 1);
    const [, afterLoss] = rateGame(fresh, fresh, 1);
    const [lossThenWin] = rateGame(afterLoss, fresh, 1);
    const possible = [winThenLoss.rating, lossThenWin.rating];
    expect(possible.some((r) => Math.abs(r - ailill.rating) < 1e-9)).toBe(true);
  });

  it("grows an idle player's deviation before the game: a week a period, never past 350", async () => {
    const { open, db } = await place(backend);
    const store = await open();
    await addUsers(db, 'Ailill', 'Medb', 'Fergus', 'Conall');
    // Ailill last played 10 weeks (and a day) before; Fergus a long time ago, at 340.
    await store.ratings.put({
      userId: 'id-Ailill',
      family: 'brandubh',
      rating: 1700,
      deviation: 60,
      volatility: 0.06,
      games: 40,
      lastPlayedAt: T - 10 * IDLE_PERIOD_MS - DAY,
    });
    await store.ratings.put({
      userId: 'id-Fergus',
      family: 'brandubh',
      rating: 1400,
      deviation: 340,
      volatility: 0.06,
      games: 1,
      lastPlayedAt: T - 1000 * DAY,
    });
    await store.ratings.rate(game('Game000001', 'Ailill', 'Medb', 1));
    await store.ratings.rate(game('Game000002', 'Fergus', 'Conall', 1));
    // φ* = √(φ² + 10 σ²) on the Glicko-2 scale: √(60² + 10 (0.06 · 173.7178)²) ≈ 68.46 points.
    const grown = Math.sqrt(60 ** 2 + 10 * (0.06 * 173.7178) ** 2);
    expect(grown).toBeCloseTo(68.46, 2);
    const start = { rating: 1700, deviation: grown, volatility: 0.06 };
    const [expected] = rateGame(start, INITIAL_RATING, 1);
    const ailill = (await store.ratings.rating('id-Ailill', 'brandubh'))!;
    expect(ailill.rating).toBeCloseTo(expected.rating, 9);
    expect(ailill.deviation).toBeCloseTo(expected.deviation, 9);
    expect(ailill).toMatchObject({ games: 41, lastPlayedAt: T });
    // Capped: Fergus starts from 350, not from √(340² + 142 σ²).
    const [capped] = rateGame({ rating: 1400, deviation: 350, volatility: 0.06 }, INITIAL_RATING, 1);
    expect((await store.ratings.rating('id-Fergus', 'brandubh'))!.rating).toBeCloseTo(capped.rating, 9);
  });

  it('a late rating never moves the last game back in time', async () => {
    const { open, db } = await place(backend);
    const store = await open();
    await addUsers(db, 'Ailill', 'Medb');
    await store.ratings.rate(game('Game000002', 'Ailill', 'Medb', 1, T));
    await store.ratings.rate(game('Game000001', 'Ailill', 'Medb', 1, T - DAY));
    expect((await store.ratings.rating('id-Ailill', 'brandubh'))!).toMatchObject({
      games: 2,
      lastPlayedAt: T,
    });
    expect((await store.ratings.history('id-Ailill', 'brandubh', 10)).map((h) => h.gameId)).toEqual([
      'Game000001',
      'Game000002',
    ]);
    expect((await store.ratings.history('id-Ailill', 'brandubh', 1)).map((h) => h.gameId)).toEqual([
      'Game000002',
    ]);
  });

  it('rates the surviving player when the other account is gone, and refuses a game against oneself', async () => {
    const { open, db } = await place(backend);
    const store = await open();
    await addUsers(db, 'Ailill');
    expect(await store.ratings.rate(game('Game000001', 'Ailill', 'Gone', 1))).toBe('rated');
    expect((await store.ratings.rating('id-Ailill', 'brandubh'))!.games).toBe(1);
    expect(await store.ratings.rating('id-Gone', 'brandubh')).toBeUndefined();
    expect(await store.ratings.rate(game('Game000002', 'Ailill', 'Ailill', 1))).toBe('skipped');
    expect((await store.ratings.rating('id-Ailill', 'brandubh'))!.games).toBe(1);
  });

  it('finds the rated games that ended within the window and were never rated, and only those', async () => {
    const { open, db } = await place(backend);
    const store = await open();
    await addUsers(db, 'Ailill', 'Medb');
    const seats = { rated: true, attackersUser: 'id-Ailill', defendersUser: 'id-Medb' };
    const end = { status: 'ended' as const, winner: 'defenders', reason: 'resignation' as const, ...seats };
    const rows = [
      stored('Unrated001', { ...end, updatedAt: T - 2 * DAY }),
      stored('Unrated002', { ...end, updatedAt: T - DAY, winner: 'draw', reason: 'agreement' }),
      stored('Rated00001', { ...end }),
      stored('Casual0001', { ...end, rated: false }),
      stored('Aborted001', { ...end, status: 'aborted', winner: 'none', reason: 'aborted' }),
      stored('Playing001', { ...seats }),
      stored('TooOld0001', { ...end, updatedAt: T - 10 * DAY }),
      stored('GuestSeat1', { ...end, defendersUser: null }),
      stored('OwnRules01', { ...end, rulesId: null }),
    ];
    for (const row of rows) expect(await store.commit({ kind: 'create', row })).toBe(true);
    await store.ratings.rate(game('Rated00001', 'Ailill', 'Medb', 0));
    const found = await store.ratings.unrated(T - 7 * DAY, 50);
    expect(found.map((r) => r.id)).toEqual(['Unrated001', 'Unrated002']);
    expect(found[0]).toMatchObject({ rated: true, attackersUser: 'id-Ailill', winner: 'defenders' });
    expect((await store.ratings.unrated(T - 7 * DAY, 1)).map((r) => r.id)).toEqual(['Unrated001']);
  });

  it("reads a player's games by seat, side counts of the rated games, and the account by its name key", async () => {
    const { open, db } = await place(backend);
    const store = await open();
    await addUsers(db, 'Ailill', 'Medb');
    expect(await store.ratings.player('ailill')).toEqual({
      id: 'id-Ailill',
      name: 'Ailill',
      createdAt: T - 100 * DAY,
    });
    expect(await store.ratings.player('nobody')).toBeUndefined();
    const seats = (attackers: string, defenders: string) => ({
      rated: true,
      attackersUser: `id-${attackers}`,
      defendersUser: `id-${defenders}`,
    });
    const ended = (winner: string) => ({ status: 'ended' as const, winner, reason: 'resignation' as const });
    const rows = [
      // Ailill attacks twice (a win, a draw) and defends once (a loss), all rated; one casual loss.
      stored('Game000001', { ...seats('Ailill', 'Medb'), ...ended('attackers'), updatedAt: T - 5000 }),
      stored('Game000002', { ...seats('Ailill', 'Medb'), ...ended('draw'), updatedAt: T - 4000 }),
      stored('Game000003', { ...seats('Medb', 'Ailill'), ...ended('attackers'), updatedAt: T - 3000 }),
      stored('Game000004', {
        ...seats('Medb', 'Ailill'),
        ...ended('attackers'),
        rated: false,
        updatedAt: T - 2000,
      }),
      stored('Game000005', { ...seats('Medb', 'Ailill'), updatedAt: T - 1000 }),
      stored('Game000006', { ...seats('Ailill', 'Medb'), updatedAt: T }),
    ];
    for (const row of rows) await store.commit({ kind: 'create', row });
    await store.ratings.rate(game('Game000001', 'Ailill', 'Medb', 1, T - 5000));
    await store.ratings.rate(game('Game000002', 'Ailill', 'Medb', 0.5, T - 4000));
    await store.ratings.rate(game('Game000003', 'Medb', 'Ailill', 1, T - 3000));
    const counts = await store.ratings.sideCounts('id-Ailill');
    const count = (side: string, winner: string) =>
      counts.find((c) => c.family === 'brandubh' && c.side === side && c.winner === winner)?.games ?? 0;
    expect(count('attackers', 'attackers')).toBe(1);
    expect(count('attackers', 'draw')).toBe(1);
    expect(count('defenders', 'attackers')).toBe(1);
    expect(counts.reduce((n, c) => n + c.games, 0)).toBe(3);
    expect((await store.ratings.games('id-Ailill', ['playing'], 10)).map((g) => g.id)).toEqual([
      'Game000006',
      'Game000005',
    ]);
    expect((await store.ratings.games('id-Ailill', ['ended'], 10)).map((g) => g.id)).toEqual([
      'Game000004',
      'Game000003',
      'Game000002',
      'Game000001',
    ]);
    expect((await store.ratings.games('id-Ailill', ['ended'], 2)).map((g) => g.id)).toEqual([
      'Game000004',
      'Game000003',
    ]);
  });

  it('lists settled players active within 90 days, best first, the idle weeks counted', async () => {
    const { open, db } = await place(backend);
    const store = await open();
    const names = ['Best', 'Second', 'Provisional', 'Inactive', 'Unsettled', 'Ardri'];
    await addUsers(db, ...names);
    const now = Date.now();
    const put = (
      name: string,
      rating: number,
      deviation: number,
      lastPlayedAt: number,
      family = 'brandubh',
    ) =>
      store.ratings.put({
        userId: `id-${name}`,
        family: family as 'brandubh',
        rating,
        deviation,
        volatility: 0.06,
        games: 30,
        lastPlayedAt,
      });
    await put('Best', 1900.4, 60, now - DAY);
    await put('Second', 1650, 110, now - 2 * DAY);
    await put('Provisional', 2200, 111, now - DAY);
    await put('Inactive', 2100, 50, now - LEADERBOARD_ACTIVE_MS - DAY);
    // Settled when last played, 11 idle weeks ago: √(109² + 11 σ²) ≈ 114.3 now.
    await put('Unsettled', 2000, 109, now - 11 * IDLE_PERIOD_MS - DAY);
    await put('Ardri', 2300, 50, now - DAY, 'ard-ri');
    const board = await store.ratings.leaderboard('brandubh', now, 100);
    expect(board.map((r) => r.name)).toEqual(['Best', 'Second']);
    expect(board[0]).toMatchObject({ rating: 1900.4, deviation: 60, games: 30, lastPlayedAt: now - DAY });
    expect((await store.ratings.leaderboard('ard-ri', now, 100)).map((r) => r.name)).toEqual(['Ardri']);
    expect((await store.ratings.leaderboard('brandubh', now, 1)).map((r) => r.name)).toEqual(['Best']);
  });
});
