/**
 * The tournament director where processes meet:
 *
 * - two server processes on one PostgreSQL, each with its director looking every 20 ms: each
 *   round is paired once and each of its games made once, whichever process acts first;
 * - a process stopped between a round's pairing and its games (here: a game's row removed while
 *   the server is down): the next process to look makes the missing game, with the pairing's id.
 */

import { afterAll, describe, expect, it } from 'vitest';
import type { GameView } from '../src/protocol.js';
import { apiAs, signUp, type Session } from './accounts-harness.js';
import { BACKENDS, freshDatabase, startServer, type ServerProcess } from './harness.js';
import {
  TOURNAMENT_ENV,
  createTournament,
  joinTournament,
  playGame,
  playing,
  querySql,
  runSql,
  startNow,
  until,
} from './tournament-harness.js';

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const f of cleanup.reverse()) await f();
});

const NAMES = ['ailill', 'bran', 'cormac', 'deirdre', 'eithne', 'fergus'];

describe.skipIf(!process.env.TAFL_TEST_PG)('two processes on PostgreSQL', () => {
  it('pair each round once and make each game once', async () => {
    const database = await freshDatabase('postgres');
    cleanup.push(database.remove);
    const env = { ...TOURNAMENT_ENV, TAFL_TOURNAMENT_TICK_MS: '20' };
    const servers: ServerProcess[] = [];
    for (let i = 0; i < 2; i++) {
      const server = await startServer({ ...database.setup, env });
      cleanup.push(() => server.stop());
      servers.push(server);
    }
    const [one, two] = servers as [ServerProcess, ServerProcess];
    // Players sign up, and play, half on each process.
    const sessions: Session[] = [];
    for (const [i, name] of NAMES.entries()) sessions.push(await signUp(servers[i % 2]!.url, name));
    const players = Object.fromEntries(NAMES.map((n, i) => [n, sessions[i]!]));
    const created = await createTournament(one.url, sessions[0]!, {
      rounds: 3,
      startsAt: Date.now() + 60_000,
    });
    for (const [i, s] of sessions.slice(1).entries())
      await joinTournament(servers[i % 2]!.url, created.id, s);
    await startNow(database.setup, created.id);

    for (let round = 1; round <= 3; round++) {
      const view = await until(two.url, created.id, playing(round));
      expect(view.pairings[round - 1]).toHaveLength(3);
      await Promise.all(
        view.pairings[round - 1]!.map((p, board) => {
          const at = servers[board % 2]!;
          return playGame(
            at.url,
            at.ws,
            p.game!,
            { attackers: players[p.attackers]!, defenders: players[p.defenders!]! },
            board === 0 ? 'draw' : 'attackers',
          );
        }),
      );
    }
    const view = await until(one.url, created.id, (v) => v.status === 'finished');
    expect(view.pairings.map((r) => r.length)).toEqual([3, 3, 3]);
    // Nine pairings, nine games, each game a pairing's: no round paired twice, no game made twice.
    const pairings = await querySql<{ game_id: string }>(
      database.setup,
      'select game_id from tournament_pairings where tournament_id = ?',
      [created.id],
    );
    const games = await querySql<{ id: string }>(
      database.setup,
      'select id from games where tournament_id = ?',
      [created.id],
    );
    expect(pairings).toHaveLength(9);
    expect(games.map((g) => g.id).sort()).toEqual(pairings.map((p) => p.game_id).sort());
    // Neither director failed a step (a lost race is no failure: it reads again).
    for (const server of servers)
      expect(server.log()).not.toMatch(/(tournament .*could not|director's round failed)/);
    // Every player met three different opponents.
    for (const name of NAMES) {
      const met = view.pairings
        .flat()
        .filter((p) => p.attackers === name || p.defenders === name)
        .map((p) => (p.attackers === name ? p.defenders : p.attackers));
      expect(new Set(met).size).toBe(3);
    }
  }, 120_000);
});

describe.each(BACKENDS)('on %s', (backend) => {
  it('a game of the round missing after a stop is made by the next process to look', async () => {
    const database = await freshDatabase(backend);
    cleanup.push(database.remove);
    let server = await startServer({ ...database.setup, env: TOURNAMENT_ENV });
    const [ailill, bran] = await Promise.all(['ailill', 'bran'].map((n) => signUp(server.url, n)));
    const created = await createTournament(server.url, ailill!, { rounds: 1, startsAt: Date.now() + 60_000 });
    await joinTournament(server.url, created.id, bran!);
    await startNow(database.setup, created.id);
    const view = await until(server.url, created.id, playing(1));
    const game = view.pairings[0]![0]!.game!;
    await server.stop();
    // As if the process had stopped after storing the pairing and before making the game.
    await runSql(database.setup, [{ sql: 'delete from games where id = ?', params: [game] }]);
    server = await startServer({ ...database.setup, env: TOURNAMENT_ENV });
    const s = server;
    cleanup.push(() => s.stop());
    const end = Date.now() + 10_000;
    let found: { status: number; body: GameView } | undefined;
    while (Date.now() < end) {
      found = await apiAs<GameView>(server.url, `/api/games/${game}`, undefined);
      if (found.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(found?.status).toBe(200);
    expect([found!.body.status, found!.body.tournament, found!.body.ply]).toEqual(['playing', created.id, 0]);
    expect([found!.body.seats.attackers.player, found!.body.seats.defenders.player].sort()).toEqual([
      'ailill',
      'bran',
    ]);
  }, 60_000);
});
