/**
 * The ratings service (ratings/service.ts) on both databases: a game's end rated once however
 * often it is told, nothing for aborted or casual games, the sweep rating what was never rated
 * (exactly once when two processes sweep at the same moment), a failure logged and never thrown,
 * and a rating as it stands now (the idle weeks counted).
 */

import { afterEach, describe, expect, it } from 'vitest';
import type { LineLog } from '../src/log.js';
import { INITIAL_RATING, rateGame } from '../src/ratings/glicko2.js';
import { Ratings } from '../src/ratings/service.js';
import type { GameRow } from '../src/store/types.js';
import { BACKENDS } from './harness.js';
import { addUsers, DAY, place as placeIn } from './ratings-harness.js';
import { ATTACKERS_TOKEN, gameRow } from './rows.js';

const cleanup: (() => Promise<void>)[] = [];
// Each test's stores closed and its database removed after it (the last opened first).
afterEach(async () => {
  while (cleanup.length > 0) await cleanup.pop()!().catch(() => {});
}, 60_000);
const place = (backend: 'sqlite' | 'postgres') => placeIn(backend, cleanup);

function recorder(): { log: LineLog; lines: string[] } {
  const lines: string[] = [];
  return { log: (message, fields) => lines.push(`${fields?.level ?? ''} ${message}`), lines };
}

/** A rated game between Ailill (attackers) and Medb, ended now by the defenders' resignation. */
const ended = (id: string, over: Partial<GameRow> = {}): GameRow =>
  gameRow(
    { kind: 'live', baseMs: 300_000, incrementMs: 0 },
    {
      id,
      rated: true,
      attackersUser: 'id-Ailill',
      defendersUser: 'id-Medb',
      status: 'ended',
      winner: 'attackers',
      reason: 'resignation',
      ply: 4,
      createdAt: Date.now() - 60_000,
      updatedAt: Date.now(),
      ...over,
    },
  );

describe.each(BACKENDS)('the ratings service on %s', (backend) => {
  it('rates an ended rated game once however often it is told; aborted and casual games never', async () => {
    const { open, db } = await place(backend);
    const store = await open();
    await addUsers(db, 'Ailill', 'Medb');
    const { log, lines } = recorder();
    const ratings = new Ratings(store, log);
    expect(await ratings.of('id-Ailill', 'brandubh')).toEqual({ rating: 1500, provisional: true });
    const aborted = ended('Aborted001', { status: 'aborted', winner: 'none', reason: 'aborted', ply: 0 });
    const casual = ended('Casual0001', { rated: false });
    for (const row of [aborted, casual]) {
      await store.commit({ kind: 'create', row });
      ratings.ended(row);
    }
    const row = ended('Rated00001');
    await store.commit({ kind: 'create', row });
    ratings.ended(row);
    ratings.ended(row);
    await ratings.idle();
    ratings.ended(row);
    await ratings.idle();
    const ailill = (await store.ratings.rating('id-Ailill', 'brandubh'))!;
    expect(ailill.games).toBe(1);
    expect((await store.ratings.history('id-Ailill', 'brandubh', 10)).map((h) => h.gameId)).toEqual([
      'Rated00001',
    ]);
    const [won] = rateGame(INITIAL_RATING, INITIAL_RATING, 1);
    expect(ailill.rating).toBeCloseTo(won.rating, 9);
    expect(await ratings.of('id-Ailill', 'brandubh')).toEqual({ rating: ailill.rating, provisional: true });
    expect(lines.filter((l) => l.startsWith('error'))).toEqual([]);
  });

  it('the sweep rates a rated game that ended unrated, exactly once when two processes sweep at once', async () => {
    const { open, db } = await place(backend);
    const one = await open();
    // PostgreSQL: another process's store; SQLite: one process, so one store.
    const two = backend === 'postgres' ? await open() : one;
    await addUsers(db, 'Ailill', 'Medb');
    const rows = [
      ended('Lost000001', { updatedAt: Date.now() - DAY }),
      ended('Lost000002', { winner: 'draw' }),
    ];
    for (const row of rows) await one.commit({ kind: 'create', row });
    const first = new Ratings(one, () => {});
    const second = new Ratings(two, () => {});
    first.start();
    second.start();
    await Promise.all([first.idle(), second.idle()]);
    first.stop();
    second.stop();
    const medb = (await one.ratings.rating('id-Medb', 'brandubh'))!;
    expect(medb.games).toBe(2);
    expect((await one.ratings.history('id-Medb', 'brandubh', 10)).map((h) => h.gameId)).toEqual([
      'Lost000001',
      'Lost000002',
    ]);
    expect(await one.ratings.unrated(Date.now() - 7 * DAY, 10)).toEqual([]);
  });

  it('a failure is logged (no secret in it) and never thrown; the sweep rates the game later', async () => {
    const { open, db } = await place(backend);
    const store = await open();
    await addUsers(db, 'Ailill', 'Medb');
    const row = ended('Broken0001');
    await store.commit({ kind: 'create', row });
    // A store whose ratings fail: the database went away for a moment.
    const failing = {
      ...store,
      ratings: { ...store.ratings, rate: () => Promise.reject(new Error('the database is down')) },
    } as unknown as typeof store;
    const { log, lines } = recorder();
    const broken = new Ratings(failing, log);
    expect(() => broken.ended(row)).not.toThrow();
    await broken.idle();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^error game Broken0001 could not be rated .*the database is down/);
    expect(lines[0]).not.toContain(ATTACKERS_TOKEN);
    expect(lines[0]).not.toContain(row.attackersToken!);
    expect(await store.ratings.rating('id-Ailill', 'brandubh')).toBeUndefined();
    const ratings = new Ratings(store, log);
    ratings.start();
    await ratings.idle();
    ratings.stop();
    expect((await store.ratings.rating('id-Ailill', 'brandubh'))!.games).toBe(1);
  });

  it('a rating as it stands now: a settled player idle for two years is provisional again', async () => {
    const { open, db } = await place(backend);
    const store = await open();
    await addUsers(db, 'Ailill', 'Medb');
    const settled = { family: 'brandubh' as const, rating: 1812, volatility: 0.06, games: 80 };
    await store.ratings.put({
      userId: 'id-Ailill',
      ...settled,
      deviation: 60,
      lastPlayedAt: Date.now() - DAY,
    });
    await store.ratings.put({
      userId: 'id-Medb',
      ...settled,
      deviation: 60,
      lastPlayedAt: Date.now() - 730 * DAY,
    });
    const ratings = new Ratings(store, () => {});
    expect(await ratings.of('id-Ailill', 'brandubh')).toEqual({ rating: 1812, provisional: false });
    // √(60² + 104 (0.06 · 173.7178)²) ≈ 122 > 110.
    expect(await ratings.of('id-Medb', 'brandubh')).toEqual({ rating: 1812, provisional: true });
    expect(await ratings.of('id-Medb', 'ard-ri')).toEqual({ rating: 1500, provisional: true });
  });
});
