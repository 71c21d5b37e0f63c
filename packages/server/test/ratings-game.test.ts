/**
 * Rated games against real server processes on both databases (docs/online.md, "Ratings"): two accounts play a
 * rated game to its end over the WebSocket and both ratings move, in opposite directions, by
 * what Glicko-2 gives two new players; an aborted rated game and a casual one change nothing; a
 * rated game whose end was committed while no rating happened is rated by the sweep at the next
 * start, exactly once when two processes start on one PostgreSQL database. Who may take a rated
 * seat (no guest, no one outside a seek's range, no account twice): security/rated-seats.test.ts.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerView } from '../src/protocol.js';
import { INITIAL_RATING, rateGame } from '../src/ratings/glicko2.js';
import { openStore } from '../src/store/index.js';
import { apiAs, signUp, userName, type Session } from './accounts-harness.js';
import { BACKENDS, freshDatabase, startServer, type ServerProcess, type ServerSetup } from './harness.js';
import { abort, LIVE, play, playerPage, ratedGames, resign, RULES, table, until } from './players-harness.js';
import { gameRow } from './rows.js';

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  while (cleanup.length > 0) await cleanup.pop()!().catch(() => {});
}, 60_000);

const brandubh = (view: PlayerView) => view.ratings.find((r) => r.family === 'brandubh');

describe.each(BACKENDS)('rated games on %s', (backend) => {
  let server: ServerProcess;
  beforeAll(async () => {
    const database = await freshDatabase(backend);
    cleanup.push(database.remove);
    server = await startServer(database.setup);
    cleanup.push(() => server.stop());
  });

  it('a rated game changes both ratings by equal and opposite amounts; aborted and casual games change nothing', async () => {
    const alice = await signUp(server.url, userName('alice'));
    const bob = await signUp(server.url, userName('bob'));
    // A rated game aborted before the first move, and a casual game Alice loses.
    await abort(server.ws, await table(server.url, alice, bob));
    const casual = await table(server.url, alice, bob, { rated: false });
    await play(server.ws, casual, 2);
    await resign(server.ws, casual, 'attackers');
    // The rated game: Alice attacks, two moves, Bob resigns.
    const rated = await table(server.url, alice, bob, { side: 'attackers' });
    await play(server.ws, rated, 2);
    await resign(server.ws, rated, 'defenders');

    const a = await until(
      () => playerPage(server.url, alice.user.name),
      (v) => ratedGames(v) > 0,
      'rated',
    );
    const b = await until(
      () => playerPage(server.url, bob.user.name),
      (v) => ratedGames(v) > 0,
      'rated',
    );
    const ra = brandubh(a)!;
    const rb = brandubh(b)!;
    // By hand: the winner above 1500, the loser below, by as much (equal ratings before).
    expect(ra.rating).toBeGreaterThan(1500);
    expect(rb.rating).toBeLessThan(1500);
    expect(ra.rating - 1500).toBe(1500 - rb.rating);
    // And exactly what Glicko-2 gives two new players (1500, RD 350, σ 0.06), one game a period.
    const [won, lost] = rateGame(INITIAL_RATING, INITIAL_RATING, 1);
    expect(ra).toMatchObject({ rating: Math.round(won.rating), deviation: Math.round(won.deviation) });
    expect(rb).toMatchObject({ rating: Math.round(lost.rating), deviation: Math.round(lost.deviation) });
    // One game counted: the aborted and the casual ones did not.
    expect(ra).toMatchObject({ games: 1, provisional: true });
    expect(rb.games).toBe(1);
    expect(ra.history.map((h) => h.game)).toEqual([rated.id]);
    expect(ra.attackers).toEqual({ games: 1, wins: 1, draws: 0, losses: 0 });
    expect(rb.defenders).toEqual({ games: 1, wins: 0, draws: 0, losses: 1 });
    // The recent games: the rated one with its change, the casual one without; no aborted game.
    const diffs = Object.fromEntries(a.recent.map((g) => [g.id, g.ratingDiff]));
    expect(diffs).toEqual({ [rated.id]: ra.rating - 1500, [casual.id]: null });
    expect(b.recent.find((g) => g.id === rated.id)).toMatchObject({
      side: 'defenders',
      rated: true,
      ratingDiff: rb.rating - 1500,
      result: { winner: 'attackers', reason: 'resignation' },
    });
    expect(await apiAs(server.url, `/api/players/${alice.user.name}`, undefined)).toMatchObject({
      status: 200,
    });
  });
});

describe.each(BACKENDS)('the sweep on %s', (backend) => {
  it('a server killed (SIGKILL) right after a rated game ends: after the restart the game counts once', async () => {
    const database = await freshDatabase(backend);
    cleanup.push(database.remove);
    const first = await startServer(database.setup);
    cleanup.push(() => first.kill());
    const alice = await signUp(first.url, userName('alice'));
    const bob = await signUp(first.url, userName('bob'));
    const game = await table(first.url, alice, bob, { side: 'attackers' });
    await play(first.ws, game, 2);
    // The end is committed (the update is sent after the commit); the rating may or may not be.
    await resign(first.ws, game, 'attackers');
    await first.kill();
    const again = await startServer(database.setup);
    cleanup.push(() => again.stop());
    const page = await until(
      () => playerPage(again.url, bob.user.name),
      (v) => ratedGames(v) > 0,
      'rated',
    );
    const [, won] = rateGame(INITIAL_RATING, INITIAL_RATING, 0);
    expect(brandubh(page)).toMatchObject({ rating: Math.round(won.rating), games: 1 });
    expect(brandubh(page)!.history.map((h) => h.game)).toEqual([game.id]);
  });

  it('rates a rated game whose end was committed while no rating happened, at the next start, once', async () => {
    const database = await freshDatabase(backend);
    cleanup.push(database.remove);
    const setup: ServerSetup = database.setup;
    const first = await startServer(setup);
    let alice: Session;
    let bob: Session;
    try {
      alice = await signUp(first.url, userName('alice'));
      bob = await signUp(first.url, userName('bob'));
    } finally {
      await first.stop();
    }
    // The game's end is in the database, its rating is not (the process died in between).
    const ended = async (id: string, winner: string, updatedAt: number): Promise<void> => {
      const store = await openStore({ ...setup, origin: 'test', log: () => {} });
      try {
        const row = gameRow(LIVE, {
          id,
          rulesId: RULES,
          rated: true,
          attackersUser: alice.user.id,
          attackersName: alice.user.name,
          defendersUser: bob.user.id,
          defendersName: bob.user.name,
          status: 'ended',
          winner,
          reason: winner === 'draw' ? 'agreement' : 'resignation',
          ply: 3,
          createdAt: updatedAt - 60_000,
          updatedAt,
        });
        expect(await store.commit({ kind: 'create', row })).toBe(true);
      } finally {
        await store.close();
      }
    };
    await ended('Swept00001', 'defenders', Date.now() - 1000);
    // Two processes start on one PostgreSQL database and both sweep at once; SQLite has one.
    const servers = await Promise.all(
      Array.from({ length: backend === 'postgres' ? 2 : 1 }, () => startServer(setup)),
    );
    cleanup.push(async () => void (await Promise.all(servers.map((s) => s.stop()))));
    const b = await until(
      () => playerPage(servers[0]!.url, bob.user.name),
      (v) => ratedGames(v) > 0,
      'swept',
    );
    const a = await playerPage(servers.at(-1)!.url, alice.user.name);
    const [won, lost] = rateGame(INITIAL_RATING, INITIAL_RATING, 1);
    expect(brandubh(b)).toMatchObject({ rating: Math.round(won.rating), games: 1 });
    expect(brandubh(a)).toMatchObject({ rating: Math.round(lost.rating), games: 1 });
    expect(brandubh(b)!.history.map((h) => h.game)).toEqual(['Swept00001']);
    expect(brandubh(b)!.defenders).toEqual({ games: 1, wins: 1, draws: 0, losses: 0 });
    // Restarted with another game left unrated: that one is rated, the first not again.
    await Promise.all(servers.map((s) => s.stop()));
    await ended('Swept00002', 'draw', Date.now());
    const again = await startServer(setup);
    cleanup.push(() => again.stop());
    const later = await until(
      () => playerPage(again.url, bob.user.name),
      (v) => ratedGames(v) > 1,
      'swept',
    );
    expect(brandubh(later)).toMatchObject({ games: 2 });
    expect(brandubh(later)!.history.map((h) => h.game)).toEqual(['Swept00001', 'Swept00002']);
  });
});
