/**
 * Nothing the server process does loses a confirmed move: it is killed with SIGKILL in the
 * middle of twelve games, two of them rated between accounts, while moves are sent in all of
 * them at once, and started again on the same database. Every move the server confirmed is
 * there, and no other but the one each game may have committed without its confirmation having
 * left (whole: a legal move, counted in the game's header); the games go on to their end. The
 * rated games' ratings count each game once: one ended by a resignation just before the kill
 * (rated by the process then, or by the ratings' sweep when the next one starts), the other
 * ended after the restart. A live clock does not run while the server is down.
 */

import { playMoveRecord, type Side } from '@tafl/core';
import { afterAll, describe, expect, it } from 'vitest';
import type { PlayerView } from '../../src/protocol.js';
import { INITIAL_RATING, rateGame } from '../../src/ratings/glicko2.js';
import { signUp, userName, type Session } from '../accounts-harness.js';
import {
  Client,
  createGame,
  fetchGame,
  joinGame,
  openGames,
  playRandomly,
  startServer,
  BACKENDS,
  freshDatabase,
  type PlayedGame,
  type ServerProcess,
  type ServerSetup,
} from '../harness.js';
import { playerPage, ratedGames, resign, table, until } from '../players-harness.js';

const running: ServerProcess[] = [];
const removals: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(running.map((s) => s.kill()));
  await Promise.all(removals.map((remove) => remove()));
});

/** A fresh database for one test (a live process on it would keep the clocks going). */
async function database(backend: 'sqlite' | 'postgres'): Promise<ServerSetup> {
  const fresh = await freshDatabase(backend);
  removals.push(fresh.remove);
  return fresh.setup;
}

async function start(setup: ServerSetup): Promise<ServerProcess> {
  const server = await startServer(setup);
  running.push(server);
  return server;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** A rated game between two new accounts, played as the harness plays the others. */
interface RatedGame extends PlayedGame {
  readonly players: Record<Side, Session>;
}

async function ratedGame(base: string): Promise<RatedGame> {
  const players = {
    attackers: await signUp(base, userName('Attacker')),
    defenders: await signUp(base, userName('Defender')),
  };
  const game = await table(base, players.attackers, players.defenders, { side: 'attackers' });
  return { ...game, players, confirmed: [] };
}

/**
 * Each player of a rated game rated for it once: one game in the family, this one in the
 * history, and the rating Glicko-2 gives two new players for its result, once.
 */
async function ratedOnce(base: string, game: RatedGame): Promise<void> {
  const { result } = await fetchGame(base, game.id);
  const score = result?.winner === 'attackers' ? 1 : result?.winner === 'draw' ? 0.5 : 0;
  const [attackers, defenders] = rateGame(INITIAL_RATING, INITIAL_RATING, score);
  for (const [side, expected] of [
    ['attackers', attackers],
    ['defenders', defenders],
  ] as const) {
    const page: PlayerView = await until(
      () => playerPage(base, game.players[side].user.name),
      (v) => ratedGames(v) > 0,
      'rated',
    );
    const rating = page.ratings.find((r) => r.family === 'brandubh');
    expect(rating, `${side} of ${game.id}`).toMatchObject({ games: 1, rating: Math.round(expected.rating) });
    expect(rating!.history.map((h) => h.game)).toEqual([game.id]);
  }
}

describe.each(BACKENDS)('SIGKILL in the middle of games, on %s', (backend) => {
  it('loses no confirmed move, half-applies none, every game goes on, and each rated game counts once', async () => {
    const setup = await database(backend);
    let server = await start(setup);
    const rated = [await ratedGame(server.url), await ratedGame(server.url)] as const;
    const [playedOn, endedFirst] = rated;
    const games: PlayedGame[] = [...(await openGames(server.url, 10)), ...rated];
    let killed = false;
    let ending = false;
    // A seat moves every other ply: 30 ms a ply keeps each under the rate limit.
    const players = games.map((g) =>
      playRandomly(server.ws, g, () => killed || (g === endedFirst && ending), 30),
    );
    // Kill in the middle of play, once some moves are confirmed everywhere; just before, one
    // rated game ends (its rating may or may not be written when the process dies).
    while (games.some((g) => g.confirmed.length < 3)) await sleep(20);
    ending = true;
    await players[games.indexOf(endedFirst)];
    if (!endedFirst.pos.isOver()) await resign(server.ws, endedFirst, endedFirst.pos.turn);
    killed = true;
    await server.kill();
    await Promise.all(players);
    const before = games.reduce((n, g) => n + g.confirmed.length, 0);
    expect(before).toBeGreaterThan(30);

    server = await start(setup);
    const going: PlayedGame[] = [];
    for (const game of games) {
      const stored = await fetchGame(server.url, game.id);
      if (stored.status === 'playing') going.push(game);
      // Every confirmed move is there; at most one more (committed, not yet sent) may be, whole:
      // legal, and counted in the game's header as its moves are.
      expect(stored.moves.slice(0, game.confirmed.length)).toEqual(game.confirmed);
      expect(stored.moves.length - game.confirmed.length).toBeLessThanOrEqual(1);
      expect(stored.ply).toBe(stored.moves.length);
      for (const move of stored.moves.slice(game.confirmed.length)) {
        expect(playMoveRecord(game.pos, move).ok).toBe(true);
        game.confirmed.push(move);
      }
    }
    expect(going).not.toContain(endedFirst);
    // The games go on to their end.
    await Promise.all(going.map((g) => playRandomly(server.ws, g, () => false, 30)));
    for (const game of games) {
      const stored = await fetchGame(server.url, game.id);
      expect(stored.moves).toEqual(game.confirmed);
      expect(stored.status).toBe('ended');
    }
    await ratedOnce(server.url, endedFirst);
    await ratedOnce(server.url, playedOn);
  });

  it('does not run a live clock while the server is down', async () => {
    const setup = await database(backend);
    let server = await start(setup);
    const a = await createGame(server.url, { time: { kind: 'live', baseMs: 60_000, incrementMs: 0 } });
    const d = await joinGame(server.url, a.game.id);
    const attackers = await Client.connect(server.ws);
    attackers.send({ t: 'watch', game: a.game.id, token: a.token });
    attackers.send({ t: 'move', game: a.game.id, token: a.token, ply: 0, move: 'd2-c2' });
    await attackers.next('move');
    const stoppedAt = Date.now();
    attackers.close();
    await server.kill();
    await new Promise((r) => setTimeout(r, 5000));
    server = await start(setup);
    const view = await fetchGame(server.url, a.game.id);
    const upSeconds = Date.now() - stoppedAt - 5000;
    // Down for 5 s: the defenders' clock counts only the time a server was up.
    expect(view.clock?.running).toBe('defenders');
    expect(60_000 - view.clock!.defenders).toBeLessThan(upSeconds + 1500);
    expect(d.side).toBe('defenders');
  });
});
