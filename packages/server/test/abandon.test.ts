/**
 * Games nobody plays, against a real server over real sockets on both backends, with the times
 * shortened through the server's settings (TAFL_CLAIM_GRACE_MS and the others):
 *
 * - a player whose connections all close is shown as gone to the opponent, who may claim the
 *   game as a win or a draw once the grace has passed, and not before; a player who comes back
 *   in time is connected again and nothing can be claimed;
 * - no claim before the first move (abort instead) nor in a correspondence game;
 * - a game nobody joins expires, and a game nobody begins is aborted.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeatGrant, TimeControl } from '../src/protocol.js';
import {
  BACKENDS,
  Client,
  createGame,
  fetchGame,
  freshDatabase,
  joinGame,
  startServer,
  type ServerProcess,
} from './harness.js';

const GRACE_MS = 1500;
const clients: Client[] = [];
afterAll(() => clients.forEach((c) => c.close()));

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const claim = (id: string, token: string, act: 'win' | 'draw', re: number) => ({
  t: 'claim',
  game: id,
  token,
  act,
  re,
});

describe.each(BACKENDS)('on %s', (backend) => {
  let server: ServerProcess;
  let remove: () => Promise<void>;
  beforeAll(async () => {
    const database = await freshDatabase(backend);
    remove = database.remove;
    server = await startServer({
      ...database.setup,
      env: {
        TAFL_CLAIM_GRACE_MS: String(GRACE_MS),
        TAFL_WAITING_EXPIRY_MS: '1500',
        TAFL_UNSTARTED_ABORT_MS: '1500',
        TAFL_EXPIRY_SWEEP_MS: '200',
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await remove?.();
  });

  async function connect(): Promise<Client> {
    const client = await Client.connect(server.ws);
    clients.push(client);
    await client.next('hello');
    return client;
  }

  /** A game created and joined; the attackers' player watches with the seat's token. */
  async function table(time: TimeControl = { kind: 'live', baseMs: 300_000, incrementMs: 0 }) {
    const attackers: SeatGrant = await createGame(server.url, { time, side: 'attackers' });
    const id = attackers.game.id;
    const defenders = await joinGame(server.url, id);
    const seat = async (grant: SeatGrant) => {
      const client = await connect();
      client.send({ t: 'watch', game: id, token: grant.token });
      const state = await client.next('state');
      return { client, token: grant.token, state };
    };
    const a = await seat(attackers);
    const d = await seat(defenders);
    return { id, a, d };
  }

  it('a player who leaves can be claimed against after the grace, as a win, and the watchers are told', async () => {
    const { id, a, d } = await table();
    // Both are here: each sees the other connected.
    expect(d.state.presence.attackers.connected).toBe(true);
    expect(d.state.presence.defenders.connected).toBe(true);
    a.client.send({ t: 'move', game: id, token: a.token, ply: 0, move: 'd2-b2' });
    await d.client.next('move');
    a.client.send(claim(id, a.token, 'win', 1));
    expect((await a.client.next('error', (m) => m.re === 1)).code).toBe('claim/present');

    const spectator = await connect();
    spectator.send({ t: 'watch', game: id });
    await spectator.next('state');
    d.client.close();
    const gone = await a.client.next('presence', (m) => !m.presence.defenders.connected);
    expect(gone.game).toBe(id);
    expect(gone.presence.attackers.connected).toBe(true);
    expect(gone.presence.defenders.claimInMs).toBeGreaterThan(GRACE_MS - 500);
    expect(gone.presence.defenders.claimInMs).toBeLessThanOrEqual(GRACE_MS);
    expect((await spectator.next('presence')).presence.defenders.connected).toBe(false);

    // Too early: refused, with the time left in the sentence, and the game goes on.
    a.client.send(claim(id, a.token, 'win', 2));
    const early = await a.client.next('error', (m) => m.re === 2);
    expect(early.code).toBe('claim/early');
    expect(early.message).toMatch(/in \d+ s/);
    expect((await fetchGame(server.url, id)).status).toBe('playing');

    await sleep(gone.presence.defenders.claimInMs! + 100);
    a.client.send(claim(id, a.token, 'win', 3));
    const end = await spectator.next('update', (m) => m.game.status === 'ended');
    expect(end.game.result).toEqual({ winner: 'attackers', reason: 'abandoned' });
    const stored = await fetchGame(server.url, id);
    expect(stored.result).toEqual({ winner: 'attackers', reason: 'abandoned' });
    expect(stored.moves).toHaveLength(1);
  });

  it('a claimed draw ends the game drawn', async () => {
    const { id, a, d } = await table({ kind: 'none' });
    a.client.send({ t: 'move', game: id, token: a.token, ply: 0, move: 'd2-b2' });
    await d.client.next('move');
    a.client.close();
    const gone = await d.client.next('presence', (m) => !m.presence.attackers.connected);
    await sleep(gone.presence.attackers.claimInMs! + 100);
    d.client.send(claim(id, d.token, 'draw', 4));
    const end = await d.client.next('update', (m) => m.game.status === 'ended');
    expect(end.game.result).toEqual({ winner: 'draw', reason: 'abandoned' });
  });

  it('a player who comes back within the grace cannot be claimed against', async () => {
    const { id, a, d } = await table();
    a.client.send({ t: 'move', game: id, token: a.token, ply: 0, move: 'd2-b2' });
    await d.client.next('move');
    d.client.close();
    await a.client.next('presence', (m) => !m.presence.defenders.connected);
    const back = await connect();
    back.send({ t: 'watch', game: id, token: d.token });
    const state = await back.next('state');
    expect(state.presence.defenders.connected).toBe(true);
    expect(state.presence.defenders.claimInMs).toBeNull();
    await a.client.next('presence', (m) => m.presence.defenders.connected);
    await sleep(GRACE_MS + 100);
    a.client.send(claim(id, a.token, 'win', 5));
    expect((await a.client.next('error', (m) => m.re === 5)).code).toBe('claim/present');
    expect((await fetchGame(server.url, id)).status).toBe('playing');
  });

  it('nothing is claimed before the first move, nor in a correspondence game', async () => {
    const unstarted = await table({ kind: 'none' });
    unstarted.d.client.close();
    const gone = await unstarted.a.client.next('presence', (m) => !m.presence.defenders.connected);
    expect(gone.presence.defenders.claimInMs).toBeNull();
    unstarted.a.client.send(claim(unstarted.id, unstarted.a.token, 'win', 6));
    expect((await unstarted.a.client.next('error', (m) => m.re === 6)).code).toBe('claim/none');

    const slow = await table({ kind: 'correspondence', days: 3 });
    slow.a.client.send({ t: 'move', game: slow.id, token: slow.a.token, ply: 0, move: 'd2-b2' });
    await slow.d.client.next('move');
    slow.d.client.close();
    const away = await slow.a.client.next('presence', (m) => !m.presence.defenders.connected);
    expect(away.presence.defenders.claimInMs).toBeNull();
    await sleep(GRACE_MS + 100);
    slow.a.client.send(claim(slow.id, slow.a.token, 'win', 7));
    expect((await slow.a.client.next('error', (m) => m.re === 7)).code).toBe('claim/none');
    expect((await fetchGame(server.url, slow.id)).status).toBe('playing');
  });

  it('a game nobody joins expires, and a game nobody begins is aborted', async () => {
    const waiting = await createGame(server.url, { time: { kind: 'none' } });
    const joined = await createGame(server.url, { time: { kind: 'live', baseMs: 60_000, incrementMs: 0 } });
    await joinGame(server.url, joined.game.id);
    const lobby = async (): Promise<string> =>
      JSON.stringify(await (await fetch(`${server.url}/api/lobby`)).json());
    expect(await lobby()).toContain(waiting.game.id);
    const begun = await table({ kind: 'none' });
    begun.a.client.send({ t: 'move', game: begun.id, token: begun.a.token, ply: 0, move: 'd2-b2' });
    await begun.d.client.next('move');
    const deadline = Date.now() + 10_000;
    let expired = await fetchGame(server.url, waiting.game.id);
    let aborted = await fetchGame(server.url, joined.game.id);
    while ((expired.status !== 'aborted' || aborted.status !== 'aborted') && Date.now() < deadline) {
      await sleep(100);
      expired = await fetchGame(server.url, waiting.game.id);
      aborted = await fetchGame(server.url, joined.game.id);
    }
    expect(expired.status).toBe('aborted');
    expect(expired.result).toEqual({ winner: 'none', reason: 'expired' });
    expect(aborted.status).toBe('aborted');
    expect(aborted.result).toEqual({ winner: 'none', reason: 'unstarted' });
    // A game with a move is not touched by the sweep, however long it waits.
    await sleep(1000);
    expect((await fetchGame(server.url, begun.id)).status).toBe('playing');
    // The expired game is no longer among the open games.
    expect(await lobby()).not.toContain(waiting.game.id);
  });
});

describe.runIf(BACKENDS.includes('postgres'))('two processes on one PostgreSQL', () => {
  it('a player connected to the other process is not claimable; once they leave it, they are', async () => {
    const database = await freshDatabase('postgres');
    const env = { TAFL_CLAIM_GRACE_MS: String(GRACE_MS) };
    const one = await startServer({ ...database.setup, env });
    const two = await startServer({ ...database.setup, env });
    try {
      const attackers = await createGame(one.url, { time: { kind: 'none' }, side: 'attackers' });
      const id = attackers.game.id;
      const defenders = await joinGame(two.url, id);
      const seat = async (server: ServerProcess, token: string) => {
        const client = await Client.connect(server.ws);
        clients.push(client);
        await client.next('hello');
        client.send({ t: 'watch', game: id, token });
        await client.next('state');
        return client;
      };
      const a = await seat(one, attackers.token);
      const d = await seat(two, defenders.token);
      // Process one hears that the defenders' seat is held on process two.
      await a.next('presence', (m) => m.presence.defenders.connected);
      a.send({ t: 'move', game: id, token: attackers.token, ply: 0, move: 'd2-b2' });
      await d.next('move');
      await sleep(GRACE_MS + 200);
      a.send(claim(id, attackers.token, 'win', 1));
      expect((await a.next('error', (m) => m.re === 1)).code).toBe('claim/present');

      d.close();
      const gone = await a.next('presence', (m) => !m.presence.defenders.connected);
      await sleep(gone.presence.defenders.claimInMs! + 100);
      a.send(claim(id, attackers.token, 'win', 2));
      const end = await a.next('update', (m) => m.game.status === 'ended');
      expect(end.game.result).toEqual({ winner: 'attackers', reason: 'abandoned' });
    } finally {
      await one.stop();
      await two.stop();
      await database.remove();
    }
  });
});
