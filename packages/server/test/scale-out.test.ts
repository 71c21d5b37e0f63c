/**
 * Scale-out: two server processes on one PostgreSQL database serve the same games. A move made
 * through one reaches the players and spectators connected to the other (LISTEN/NOTIFY).
 * Runs when TAFL_TEST_PG holds a PostgreSQL URL (.ci/run starts a throwaway server for it).
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Client,
  createGame,
  fetchGame,
  freshDatabase,
  joinGame,
  startServer,
  type ServerProcess,
} from './harness.js';

const admin = process.env.TAFL_TEST_PG;
const servers: ServerProcess[] = [];
const clients: Client[] = [];
let remove: (() => Promise<void>) | undefined;

describe.skipIf(!admin)('two server processes on one PostgreSQL', () => {
  beforeAll(async () => {
    const database = await freshDatabase('postgres');
    remove = database.remove;
    // Both start at once: the migrations must not trip over each other.
    servers.push(...(await Promise.all([startServer(database.setup), startServer(database.setup)])));
  });
  afterAll(async () => {
    clients.forEach((c) => c.close());
    await Promise.all(servers.map((s) => s.stop()));
    await remove?.();
  });

  const connect = async (server: ServerProcess): Promise<Client> => {
    const client = await Client.connect(server.ws);
    clients.push(client);
    return client;
  };

  it('a move made through one process reaches the player and spectator of the other', async () => {
    const [one, two] = servers as [ServerProcess, ServerProcess];
    const a = await createGame(one.url, { rules: 'brandub-fr' });
    // The second player joins through the other process.
    const d = await joinGame(two.url, a.game.id);
    const attackers = await connect(one);
    const defenders = await connect(two);
    const spectator = await connect(two);
    attackers.send({ t: 'watch', game: a.game.id, token: a.token });
    defenders.send({ t: 'watch', game: a.game.id, token: d.token });
    spectator.send({ t: 'watch', game: a.game.id });
    for (const c of [attackers, defenders, spectator])
      expect((await c.next('state')).game.status).toBe('playing');

    attackers.send({ t: 'move', game: a.game.id, token: a.token, ply: 0, move: 'd2-c2' });
    expect((await defenders.next('move', (m) => m.ply === 1)).move).toBe('d2-c2');
    expect((await spectator.next('move', (m) => m.ply === 1)).move).toBe('d2-c2');
    defenders.send({ t: 'move', game: a.game.id, token: d.token, ply: 1, move: 'c4-c6' });
    expect((await attackers.next('move', (m) => m.ply === 2)).move).toBe('c4-c6');
    // A stale move through the first process, after the other's move: refused.
    attackers.send({ t: 'move', game: a.game.id, token: a.token, ply: 1, move: 'd1-c1', re: 9 });
    expect((await attackers.next('error', (m) => m.re === 9)).code).toBe('move/stale');
    // Resignation through one, seen on the other.
    defenders.send({ t: 'resign', game: a.game.id, token: d.token });
    const end = await attackers.next('update', (m) => m.game.status === 'ended');
    expect(end.game.result).toEqual({ winner: 'attackers', reason: 'resignation' });
    for (const server of servers)
      expect((await fetchGame(server.url, a.game.id)).moves).toEqual(['d2-c2', 'c4-c6']);
  });

  it('a client that moves through the other process right after a notice is not refused as stale', async () => {
    const [one, two] = servers as [ServerProcess, ServerProcess];
    const a = await createGame(one.url);
    const d = await joinGame(one.url, a.game.id);
    const attackers = await connect(one);
    const defenders = await connect(two);
    attackers.send({ t: 'watch', game: a.game.id, token: a.token });
    defenders.send({ t: 'watch', game: a.game.id, token: d.token });
    await attackers.next('state');
    await defenders.next('state');
    let ply = 0;
    const moves = ['d2-c2', 'c4-c6', 'c2-b2', 'c6-b6', 'b2-a2'];
    for (const move of moves) {
      const [mover, other] = ply % 2 === 0 ? [attackers, defenders] : [defenders, attackers];
      mover.send({ t: 'move', game: a.game.id, token: ply % 2 === 0 ? a.token : d.token, ply, move });
      ply++;
      expect((await other.next('move', (m) => m.ply === ply)).move).toMatch(new RegExp(`^${move}`));
    }
    expect((await fetchGame(two.url, a.game.id)).ply).toBe(moves.length);
  });
});
