/**
 * Attacks on takebacks, against real servers on both databases: nobody but the game's two
 * players may ask for or answer one (a spectator, a forged token, another game's token); a
 * request is answered once, so two acceptances sent at once take back one move, not two; an
 * acceptance racing the accepter's own move leaves the game as one of them made it, never
 * both; and a message shaped wrong is refused before it costs anything.
 */

import { makeMoveSquares, presetById, startingPosition, type Position } from '@tafl/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../src/protocol.js';
import {
  BACKENDS,
  Client,
  createGame,
  fetchGame,
  freshDatabase,
  joinGame,
  startServer,
  type ServerProcess,
} from '../harness.js';

const cleanup: (() => Promise<void>)[] = [];
const clients: Client[] = [];
afterAll(async () => {
  clients.forEach((c) => c.close());
  while (cleanup.length > 0) await cleanup.pop()!().catch(() => {});
}, 60_000);

let re = 1;

describe.each(BACKENDS)('takebacks under attack on %s', (backend) => {
  let server: ServerProcess;
  beforeAll(async () => {
    const database = await freshDatabase(backend);
    cleanup.push(database.remove);
    server = await startServer(database.setup);
    cleanup.push(() => server.stop());
  });

  const connect = async (): Promise<Client> => {
    const client = await Client.connect(server.ws);
    clients.push(client);
    await client.next('hello');
    return client;
  };

  /** Sends `message` with a fresh request id on `client`: the code it is refused with. */
  const refused = async (client: Client, message: Record<string, unknown>): Promise<ErrorCode> => {
    const mine = re++;
    client.send({ ...message, re: mine });
    return (await client.next('error', (m) => m.re === mine)).code;
  };

  /** A casual game where the attackers have moved twice and the defenders once (ply 3). */
  async function played(): Promise<{ id: string; a: string; d: string; client: Client; pos: Position }> {
    const created = await createGame(server.url, { rules: 'brandub-fr', side: 'attackers' });
    const joined = await joinGame(server.url, created.game.id);
    const client = await connect();
    client.send({ t: 'watch', game: created.game.id });
    await client.next('state');
    const pos = startingPosition(presetById('brandub-fr')!);
    for (let ply = 0; ply < 3; ply++) {
      const token = ply % 2 === 0 ? created.token : joined.token;
      const move = makeMoveSquares(pos.geo, pos.legalMoves()[0]!);
      client.send({ t: 'move', game: created.game.id, token, ply, move });
      await client.next('move', (m) => m.ply === ply + 1);
      pos.play(pos.legalMoves()[0]!);
    }
    return { id: created.game.id, a: created.token, d: joined.token, client, pos };
  }

  it('only the game’s players ask or answer: a spectator, a forged token and another game’s token are refused', async () => {
    const game = await played();
    const other = await played();
    const spectator = await connect();
    const base = { t: 'takeback', game: game.id, ply: 3 };
    // No token at all: not a takeback message.
    expect(await refused(spectator, { ...base, act: 'offer' })).toBe('msg/schema');
    // A token of the right shape that holds no seat, and the other game's players' tokens.
    expect(await refused(spectator, { ...base, act: 'offer', token: 'A'.repeat(22) })).toBe('seat/token');
    expect(await refused(spectator, { ...base, act: 'offer', token: other.a })).toBe('seat/token');
    game.client.send({ t: 'takeback', game: game.id, token: game.a, ply: 3, act: 'offer' });
    await game.client.next('update', (m) => m.game.takebackOffer === 'attackers');
    expect(await refused(spectator, { ...base, act: 'accept', token: other.d })).toBe('seat/token');
    // The request still stands, unanswered; nothing was taken back.
    const view = await fetchGame(server.url, game.id);
    expect([view.ply, view.takebackOffer]).toEqual([3, 'attackers']);
  });

  it('is answered once: two acceptances sent at once take back one move', async () => {
    const game = await played();
    game.client.send({ t: 'takeback', game: game.id, token: game.a, ply: 3, act: 'offer' });
    await game.client.next('update', (m) => m.game.takebackOffer === 'attackers');
    // The defenders on two devices accept at the same moment.
    const [one, two] = [await connect(), await connect()];
    const accept = { t: 'takeback', game: game.id, token: game.d, ply: 3, act: 'accept' };
    one.send({ ...accept, re: 1 });
    two.send({ ...accept, re: 2 });
    await game.client.next('update', (m) => m.game.ply === 2);
    // The second finds no request left (or a game no longer at ply 3): refused either way.
    const second = await Promise.race([
      one.next('error', (m) => m.re === 1).then((m) => m.code),
      two.next('error', (m) => m.re === 2).then((m) => m.code),
    ]);
    expect(['takeback/none', 'move/stale']).toContain(second);
    const view = await fetchGame(server.url, game.id);
    expect([view.ply, view.moves.length, view.takebackOffer]).toEqual([2, 2, null]);
  });

  it('an acceptance racing the accepter’s own move leaves the game as one of them made it', async () => {
    const game = await played();
    game.client.send({ t: 'takeback', game: game.id, token: game.a, ply: 3, act: 'offer' });
    await game.client.next('update', (m) => m.game.takebackOffer === 'attackers');
    const defenders = await connect();
    const reply = makeMoveSquares(game.pos.geo, game.pos.legalMoves()[0]!);
    defenders.send({ t: 'move', game: game.id, token: game.d, ply: 3, move: reply, re: 1 });
    defenders.send({ t: 'takeback', game: game.id, token: game.d, ply: 3, act: 'accept', re: 2 });
    const answers = await Promise.all([
      Promise.race([
        game.client.next('move', (m) => m.ply === 4).then(() => 'moved'),
        defenders.next('error', (m) => m.re === 1).then((m) => m.code),
      ]),
      Promise.race([
        game.client.next('update', (m) => m.game.ply === 2).then(() => 'taken back'),
        defenders.next('error', (m) => m.re === 2).then((m) => m.code),
      ]),
    ]);
    const view = await fetchGame(server.url, game.id);
    if (answers[0] === 'moved') {
      // The move came first: it withdrew the request, and the acceptance found none.
      expect(answers[1]).toMatch(/^(takeback\/none|move\/stale)$/);
      expect([view.ply, view.moves.length]).toEqual([4, 4]);
    } else {
      // The acceptance came first: the move was made for a position that is gone.
      expect(answers).toEqual(['move/stale', 'taken back']);
      expect([view.ply, view.moves.length]).toEqual([2, 2]);
    }
    expect(view.takebackOffer).toBeNull();
  });

  it('refuses a takeback message of the wrong shape before it reads the game', async () => {
    const game = await played();
    const base = { t: 'takeback', game: game.id, token: game.a };
    expect(await refused(game.client, { ...base, act: 'offer' })).toBe('msg/schema');
    expect(await refused(game.client, { ...base, ply: -1, act: 'offer' })).toBe('msg/schema');
    expect(await refused(game.client, { ...base, ply: 3, act: 'take' })).toBe('msg/schema');
    expect(await refused(game.client, { ...base, ply: 3, act: 'offer', plies: 40 })).toBe('msg/schema');
    expect((await fetchGame(server.url, game.id)).takebackOffer).toBeNull();
  });
});
