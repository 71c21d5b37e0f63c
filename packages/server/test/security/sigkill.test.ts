/**
 * Nothing the server process does loses a confirmed move: it is killed with SIGKILL in the
 * middle of many games, started again on the same database, and the games go on. A live clock
 * does not run while the server is down.
 */

import { playMoveRecord } from '@tafl/core';
import { afterAll, describe, expect, it } from 'vitest';
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
  type ServerProcess,
  type ServerSetup,
} from '../harness.js';

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

describe.each(BACKENDS)('SIGKILL in the middle of games, on %s', (backend) => {
  it('loses no confirmed move, and every game goes on after a restart', async () => {
    const setup = await database(backend);
    let server = await start(setup);
    const games = await openGames(server.url, 12);
    let killed = false;
    // A seat moves every other ply: 30 ms a ply keeps each under the rate limit.
    const players = games.map((g) => playRandomly(server.ws, g, () => killed, 30));
    // Kill in the middle of play, once some moves are confirmed everywhere.
    while (games.some((g) => g.confirmed.length < 3)) await new Promise((r) => setTimeout(r, 20));
    killed = true;
    await server.kill();
    await Promise.all(players);
    const before = games.reduce((n, g) => n + g.confirmed.length, 0);
    expect(before).toBeGreaterThan(30);

    server = await start(setup);
    for (const game of games) {
      const stored = await fetchGame(server.url, game.id);
      // Every confirmed move is there; at most one more (committed, not yet sent) may be.
      expect(stored.moves.slice(0, game.confirmed.length)).toEqual(game.confirmed);
      expect(stored.moves.length - game.confirmed.length).toBeLessThanOrEqual(1);
      for (const move of stored.moves.slice(game.confirmed.length)) {
        expect(playMoveRecord(game.pos, move).ok).toBe(true);
        game.confirmed.push(move);
      }
    }
    // The games go on to their end.
    await Promise.all(games.map((g) => playRandomly(server.ws, g, () => false, 30)));
    for (const game of games) {
      const stored = await fetchGame(server.url, game.id);
      expect(stored.moves).toEqual(game.confirmed);
      expect(stored.status).toBe('ended');
    }
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
