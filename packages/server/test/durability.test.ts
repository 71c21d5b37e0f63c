/**
 * Nothing the server process does loses a confirmed move: it is killed with SIGKILL in the
 * middle of many games, started again on the same database, and the games go on. A live clock
 * does not run while the server is down.
 */

import {
  makeMoveSquares,
  playMoveRecord,
  presetById,
  startingPosition,
  type Position,
  type Side,
} from '@tafl/core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  Client,
  createGame,
  fetchGame,
  joinGame,
  startServer,
  BACKENDS,
  freshDatabase,
  type ServerProcess,
  type ServerSetup,
} from './harness.js';

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

interface Played {
  readonly id: string;
  readonly tokens: Record<Side, string>;
  readonly pos: Position;
  /** Moves the server confirmed (sent back as `move` messages). */
  readonly confirmed: string[];
}

/** Plays random legal moves in `game` through one connection per seat until `stop()`. */
function play(url: string, game: Played, stopped: () => boolean): Promise<void> {
  return (async () => {
    const seats = { attackers: await Client.connect(url), defenders: await Client.connect(url) };
    try {
      for (const side of ['attackers', 'defenders'] as const)
        seats[side].send({
          t: 'watch',
          game: game.id,
          token: game.tokens[side],
          from: game.confirmed.length,
        });
      while (!stopped() && !game.pos.isOver()) {
        // A seat moves every other ply: 30 ms a ply keeps each under the rate limit.
        await new Promise((r) => setTimeout(r, 30));
        const client = seats[game.pos.turn];
        const moves = game.pos.legalMoves();
        const move = makeMoveSquares(game.pos.geo, moves[Math.floor(Math.random() * moves.length)]!);
        client.send({ t: 'move', game: game.id, token: game.tokens[game.pos.turn], ply: game.pos.ply, move });
        const confirmed = await client.next('move', (m) => m.ply === game.pos.ply + 1, 20_000);
        expect(playMoveRecord(game.pos, move).ok).toBe(true);
        game.confirmed.push(confirmed.move);
      }
    } catch (e) {
      // The server was killed under this client: what was confirmed is what counts.
      if (!stopped()) throw e;
    } finally {
      seats.attackers.close();
      seats.defenders.close();
    }
  })();
}

describe.each(BACKENDS)('SIGKILL in the middle of games, on %s', (backend) => {
  it('loses no confirmed move, and every game goes on after a restart', async () => {
    const setup = await database(backend);
    let server = await start(setup);
    const rules = presetById('brandub-fr')!;
    const games: Played[] = [];
    for (let i = 0; i < 12; i++) {
      const a = await createGame(server.url, { rules: rules.id, side: 'attackers' });
      const d = await joinGame(server.url, a.game.id);
      games.push({
        id: a.game.id,
        tokens: { attackers: a.token, defenders: d.token },
        pos: startingPosition(rules),
        confirmed: [],
      });
    }
    let killed = false;
    const players = games.map((g) => play(server.ws, g, () => killed));
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
    await Promise.all(games.map((g) => play(server.ws, g, () => false)));
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
