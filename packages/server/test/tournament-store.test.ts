/**
 * The tournaments' storage (store/tournaments.ts) on each backend, through the store as the
 * server opens it. On PostgreSQL two stores (two pools, as two processes) race for the same
 * tournament; on SQLite the one process's store serialises them.
 *
 * - a player enters with the rating the ratings table holds (1500 without one);
 * - joining and leaving: already in, not in, unknown, closed once the start has come;
 * - 64 players at most, when eight ask at once for the last three places;
 * - a round is paired once when two stores pair it at once from the same version; a score is
 *   written once; a stale end is refused;
 * - `due` lists the tournaments with work for the director, and only those.
 */

import { afterAll, describe, expect, it } from 'vitest';
import { openStore, type OpenedStore } from '../src/store/index.js';
import type { NewPairing, NewTournament } from '../src/store/tournaments.js';
import { BACKENDS, freshDatabase, type ServerSetup } from './harness.js';
import { gameRow } from './rows.js';
import { runSql } from './tournament-harness.js';

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const f of cleanup.reverse()) await f();
});

async function open(backend: 'sqlite' | 'postgres'): Promise<{ stores: OpenedStore[]; setup: ServerSetup }> {
  const database = await freshDatabase(backend);
  cleanup.push(database.remove);
  const stores: OpenedStore[] = [];
  for (let i = 0; i < (backend === 'postgres' ? 2 : 1); i++) {
    const store = await openStore({ ...database.setup, origin: `test${i}`, log: () => {} });
    await store.migrate();
    cleanup.push(() => store.close());
    stores.push(store);
  }
  return { stores, setup: database.setup };
}

const tournament = (over: Partial<NewTournament> = {}): NewTournament => ({
  id: 'Tourn00001',
  name: 'Samhain',
  kind: 'swiss',
  rulesId: 'brandub-fr',
  rulesName: 'Brandub (Le Globe Joueur)',
  timeKind: 'live',
  timeBaseMs: 300_000,
  timeIncrementMs: 0,
  rounds: 3,
  rated: false,
  startsAt: Date.now() + 600_000,
  createdAt: Date.now(),
  ...over,
});

async function user(store: OpenedStore, id: string): Promise<{ id: string; name: string }> {
  await store.accounts.signUp({ id, name: id, nameKey: id, password: 'x', createdAt: Date.now() });
  return { id, name: id };
}

describe.each(BACKENDS)('the tournaments store on %s', (backend) => {
  it('enters players with their rating, and joins and leaves only while open', async () => {
    const { stores, setup } = await open(backend);
    const store = stores[0]!;
    const ailill = await user(store, 'ailill');
    const bran = await user(store, 'bran');
    await runSql(setup, [
      {
        sql: 'insert into ratings (user_id, family, rating, deviation, volatility, games, last_played_at) values (?, ?, ?, ?, ?, ?, ?)',
        params: ['ailill', 'brandubh', 1834.5, 70, 0.06, 30, Date.now()],
      },
      // Another family's rating counts for nothing here.
      {
        sql: 'insert into ratings (user_id, family, rating, deviation, volatility, games, last_played_at) values (?, ?, ?, ?, ?, ?, ?)',
        params: ['bran', 'ard-ri', 1900, 70, 0.06, 30, Date.now()],
      },
    ]);
    await store.tournaments.create(tournament(), ailill);
    const now = Date.now();
    expect(await store.tournaments.join('Tourn00001', bran, now)).toBe('joined');
    expect(await store.tournaments.join('Tourn00001', bran, now)).toBe('already');
    expect(await store.tournaments.join('Tourn00002', bran, now)).toBe('unknown');
    const detail = (await store.tournaments.load('Tourn00001'))!;
    expect(detail.players.map((p) => [p.userId, p.rating, p.active])).toEqual([
      ['ailill', 1834.5, true],
      ['bran', 1500, true],
    ]);
    expect([detail.tournament.status, detail.tournament.players, detail.tournament.version]).toEqual([
      'open',
      2,
      2,
    ]);
    expect(await store.tournaments.leave('Tourn00001', 'bran', now)).toBe('left');
    expect(await store.tournaments.leave('Tourn00001', 'bran', now)).toBe('absent');
    expect(await store.tournaments.openBy('ailill')).toBe(1);
    // An entry whose account is gone (deleted) is removed before the start, once.
    expect(await store.tournaments.join('Tourn00001', { id: 'ghost', name: 'ghost' }, now)).toBe('joined');
    const before = (await store.tournaments.load('Tourn00001'))!;
    expect(before.players.map((p) => [p.userId, p.active])).toEqual([
      ['ailill', true],
      ['ghost', false],
    ]);
    const v = before.tournament.version;
    expect(await store.tournaments.prune('Tourn00001', v, now)).toBe(true);
    expect(await store.tournaments.prune('Tourn00001', v, now)).toBe(false);
    expect((await store.tournaments.load('Tourn00001'))!.players.map((p) => p.userId)).toEqual(['ailill']);
    // Its start has come: nobody joins or leaves, even before the director has started it.
    const later = Date.now() + 700_000;
    expect(await store.tournaments.join('Tourn00001', bran, later)).toBe('closed');
    expect(await store.tournaments.leave('Tourn00001', 'ailill', later)).toBe('closed');
  });

  it('takes 64 players at most when eight ask at once for the last three places', async () => {
    const { stores } = await open(backend);
    const creator = await user(stores[0]!, 'creator');
    await stores[0]!.tournaments.create(tournament(), creator);
    for (let i = 0; i < 60; i++)
      expect(
        await stores[0]!.tournaments.join('Tourn00001', { id: `f${i}`, name: `f${i}` }, Date.now()),
      ).toBe('joined');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        stores[i % stores.length]!.tournaments.join('Tourn00001', { id: `j${i}`, name: `j${i}` }, Date.now()),
      ),
    );
    expect(answers.filter((a) => a === 'joined')).toHaveLength(3);
    expect(answers.filter((a) => a === 'full')).toHaveLength(5);
    expect((await stores[0]!.tournaments.load('Tourn00001'))!.players).toHaveLength(64);
  });

  it('pairs a round once from one version, writes a score once, and refuses a stale end', async () => {
    const { stores } = await open(backend);
    const [one, two] = [stores[0]!, stores[stores.length - 1]!];
    const ailill = await user(one, 'ailill');
    const bran = await user(one, 'bran');
    await one.tournaments.create(tournament({ startsAt: Date.now() - 1 }), ailill);
    // An open tournament whose start has come is due (to be started or cancelled).
    expect(await one.tournaments.due(Date.now(), 10)).toEqual(['Tourn00001']);
    await one.tournaments.create(tournament({ id: 'Tourn00002' }), bran);
    // Bran joins Ailill's at its start, a moment late: closed (the start has come).
    expect(await one.tournaments.join('Tourn00001', bran, Date.now())).toBe('closed');
    const version = (await one.tournaments.load('Tourn00001'))!.tournament.version;
    const pairings = (gameId: string): NewPairing[] => [
      { board: 1, attackersUser: 'ailill', defendersUser: 'bran', gameId, score: null, forfeit: false },
    ];
    const paired = await Promise.all([
      one.tournaments.pair('Tourn00001', version, 1, pairings('GameAAAAAA'), Date.now()),
      two.tournaments.pair('Tourn00001', version, 1, pairings('GameBBBBBB'), Date.now()),
    ]);
    expect(paired.filter(Boolean)).toHaveLength(1);
    const detail = (await one.tournaments.load('Tourn00001'))!;
    expect([detail.tournament.status, detail.tournament.round, detail.tournament.version]).toEqual([
      'running',
      1,
      version + 1,
    ]);
    expect(detail.pairings).toHaveLength(1);
    const gameId = detail.pairings[0]!.gameId!;
    expect(gameId).toBe(paired[0] ? 'GameAAAAAA' : 'GameBBBBBB');
    // Its game not made yet: due (the director makes it).
    expect(await one.tournaments.due(Date.now(), 10)).toEqual(['Tourn00001']);
    // Made and playing: nothing to do.
    expect(
      await one.commit({
        kind: 'create',
        row: gameRow({ kind: 'none' }, { id: gameId, tournamentId: 'Tourn00001' }),
      }),
    ).toBe(true);
    expect(await one.tournaments.due(Date.now(), 10)).toEqual([]);
    expect((await one.tournaments.load('Tourn00001'))!.pairings[0]!.game).toEqual({
      status: 'playing',
      winner: null,
      reason: null,
      ply: 0,
    });
    // Over: due again, to be scored; scored once however many write it.
    const ended = { ...gameRow({ kind: 'none' }, { id: gameId, tournamentId: 'Tourn00001' }) };
    expect(
      await one.commit({
        kind: 'update',
        expectVersion: 1,
        row: { ...ended, status: 'ended', winner: 'defenders', reason: 'resignation', version: 2 },
      }),
    ).toBe(true);
    expect(await one.tournaments.due(Date.now(), 10)).toEqual(['Tourn00001']);
    const scored = await Promise.all([
      one.tournaments.score('Tourn00001', 1, 1, 0, false),
      two.tournaments.score('Tourn00001', 1, 1, 0, false),
    ]);
    expect(scored.filter(Boolean)).toHaveLength(1);
    // Every pairing scored: due (the next round, or the end).
    expect(await one.tournaments.due(Date.now(), 10)).toEqual(['Tourn00001']);
    expect(await one.tournaments.settle('Tourn00001', version, 'finished', Date.now())).toBe(false);
    expect(await one.tournaments.settle('Tourn00001', version + 1, 'finished', Date.now())).toBe(true);
    expect(await one.tournaments.settle('Tourn00001', version + 2, 'cancelled', Date.now())).toBe(false);
    expect(await one.tournaments.due(Date.now(), 10)).toEqual([]);
    const lists = await one.tournaments.list(10);
    expect([lists.open.map((t) => t.id), lists.running, lists.finished.map((t) => [t.id, t.status])]).toEqual(
      [['Tourn00002'], [], [['Tourn00001', 'finished']]],
    );
  });
});
