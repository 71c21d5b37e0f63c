/**
 * Online play through the real server: HTTP to create and join, the WebSocket to watch and
 * play. Each test names the behaviour it checks; the server runs as `npm start` runs it.
 */

import {
  makeMoveSquares,
  opposite,
  parseRecord,
  playMoveRecord,
  presetById,
  replayRecord,
  startingPosition,
  type Position,
  type Side,
} from '@tafl/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prng } from '../../core/test/random.js';
import { ERROR_CODES, type SeatGrant } from '../src/protocol.js';
import {
  Client,
  api,
  createGame,
  fetchGame,
  joinGame,
  startServer,
  BACKENDS,
  freshDatabase,
  type ServerProcess,
} from './harness.js';

let server: ServerProcess;
const clients: Client[] = [];
afterAll(() => clients.forEach((c) => c.close()));

async function connect(): Promise<Client> {
  const client = await Client.connect(server.ws);
  clients.push(client);
  await client.next('hello');
  return client;
}

interface Table {
  readonly id: string;
  readonly seats: Record<Side, { client: Client; token: string }>;
}

/** A game created and joined, both players watching with their tokens. */
async function table(
  rules = 'brandub-fr',
  time: SeatGrant['game']['time'] = { kind: 'none' },
): Promise<Table> {
  const first = await createGame(server.url, { rules, time, side: 'attackers' });
  const second = await joinGame(server.url, first.game.id);
  const seats = {} as Table['seats'];
  for (const grant of [first, second]) {
    const client = await connect();
    client.send({ t: 'watch', game: first.game.id, token: grant.token });
    const state = await client.next('state');
    expect(state.you).toBe(grant.side);
    seats[grant.side] = { client, token: grant.token };
  }
  return { id: first.game.id, seats };
}

const pick = (pos: Position, rng: () => number): string => {
  const moves = pos.legalMoves();
  return makeMoveSquares(pos.geo, moves[Math.floor(rng() * moves.length)]!);
};

describe.each(BACKENDS)('on %s', (backend) => {
  let remove: () => Promise<void>;
  beforeAll(async () => {
    const database = await freshDatabase(backend);
    remove = database.remove;
    server = await startServer(database.setup);
  });
  afterAll(async () => {
    await server?.stop();
    await remove?.();
  });

  describe('a whole game through the WebSocket API', () => {
    it('two players play random legal moves to the end while a spectator sees every move', async () => {
      const rng = prng(7);
      const game = await table();
      const spectator = await connect();
      spectator.send({ t: 'watch', game: game.id });
      expect((await spectator.next('state')).you).toBeNull();
      const pos = startingPosition(presetById('brandub-fr')!);
      const played: string[] = [];
      while (!pos.isOver()) {
        const mover = game.seats[pos.turn];
        const move = pick(pos, rng);
        mover.client.send({ t: 'move', game: game.id, token: mover.token, ply: pos.ply, move });
        const confirmed = await mover.client.next('move', (m) => m.ply === pos.ply + 1);
        expect(playMoveRecord(pos, move).ok).toBe(true);
        played.push(confirmed.move);
        // The opponent and the spectator get the same move, with the same record.
        const other = game.seats[opposite(mover === game.seats.attackers ? 'attackers' : 'defenders')];
        expect((await other.client.next('move', (m) => m.ply === pos.ply)).move).toBe(confirmed.move);
        expect((await spectator.next('move', (m) => m.ply === pos.ply)).move).toBe(confirmed.move);
      }
      const end = await spectator.next('update', (m) => m.game.status === 'ended');
      const outcome = pos.outcome();
      expect(outcome.status).not.toBe('ongoing');
      expect(end.game.result).toEqual({
        winner: outcome.status,
        reason: 'reason' in outcome ? outcome.reason : '',
      });
      expect(spectator.moves(game.id)).toEqual(played);
      const stored = await fetchGame(server.url, game.id);
      expect(stored.moves).toEqual(played);
      expect(stored.status).toBe('ended');
      // The OTN record replays to the same end.
      const record = await api<string>(server.url, `/api/games/${game.id}/record`);
      const parsed = parseRecord(record.body);
      expect(parsed.ok).toBe(true);
      const replayed = parsed.ok ? replayRecord(parsed.value) : undefined;
      expect(replayed?.ok && replayed.value.position.outcome()).toEqual(outcome);
    });
  });

  describe('refusals, each with its code and a sentence', () => {
    it('refuses illegal, out-of-turn, stale, wrong-token and malformed moves, and the game goes on', async () => {
      const game = await table();
      const a = game.seats.attackers;
      const d = game.seats.defenders;
      const refusalOf = async (client: Client, message: object | string, re: number) => {
        client.send(typeof message === 'string' ? message : { ...message, re });
        const error = await client.next('error', (m) => typeof message === 'string' || m.re === re);
        expect(error.message.length).toBeGreaterThan(10);
        expect(ERROR_CODES).toContain(error.code);
        return error.code;
      };
      const move = (token: string, ply: number, text: string) => ({
        t: 'move',
        game: game.id,
        token,
        ply,
        move: text,
      });
      // brandub-fr: attackers on d1 d2, the king's defenders on d3; d1-d3 jumps over d2.
      expect(await refusalOf(a.client, move(a.token, 0, 'd1-d3'), 1)).toBe('move/illegal');
      expect(await refusalOf(d.client, move(d.token, 0, 'c4-c6'), 2)).toBe('move/turn');
      expect(
        await refusalOf(
          a.client,
          move(
            d.token.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
            0,
            'd2-c2',
          ),
          3,
        ),
      ).toBe('seat/token');
      expect(await refusalOf(a.client, move(a.token, 0, 'z9-q1'), 4)).toBe('move/syntax');
      expect(await refusalOf(a.client, move(a.token, 0, 'hello'), 5)).toBe('move/syntax');
      expect(await refusalOf(a.client, '{"t":"move",', 6)).toBe('msg/json');
      expect(
        await refusalOf(a.client, { t: 'move', game: game.id, token: a.token, ply: -1, move: 'd2-c2' }, 7),
      ).toBe('msg/schema');
      expect(
        await refusalOf(
          a.client,
          { t: 'move', game: game.id, token: a.token, ply: 0, move: 'd2-c2', extra: 1 },
          8,
        ),
      ).toBe('msg/schema');
      expect(await refusalOf(a.client, { t: 'teleport', game: game.id }, 9)).toBe('msg/schema');
      expect(await refusalOf(a.client, { ...move(a.token, 0, 'd2-c2'), game: 'ZZZZZZZZZZ' }, 10)).toBe(
        'game/unknown',
      );
      // A legal move is played; replaying it at the old ply is stale.
      a.client.send(move(a.token, 0, 'd2-c2'));
      await a.client.next('move', (m) => m.ply === 1);
      expect(await refusalOf(a.client, move(a.token, 0, 'd1-c1'), 11)).toBe('move/stale');
      expect(await refusalOf(d.client, move(d.token, 0, 'c4-c6'), 12)).toBe('move/stale');
      // The other token acting in its own game: still the defenders' turn, and it plays.
      expect(await refusalOf(a.client, move(a.token, 1, 'c4-c6'), 13)).toBe('move/turn');
      d.client.send(move(d.token, 1, 'c4-c6'));
      expect((await a.client.next('move', (m) => m.ply === 2)).move).toBe('c4-c6');
      expect((await fetchGame(server.url, game.id)).moves).toEqual(['d2-c2', 'c4-c6']);
    });

    it('refuses moves before the second player joins, and after the end', async () => {
      const grant = await createGame(server.url);
      const client = await connect();
      client.send({ t: 'move', game: grant.game.id, token: grant.token, ply: 0, move: 'd2-c2', re: 1 });
      expect((await client.next('error')).code).toBe('game/waiting');
      const game = await table();
      game.seats.defenders.client.send({ t: 'resign', game: game.id, token: game.seats.defenders.token });
      const ended = await game.seats.attackers.client.next('update', (m) => m.game.status === 'ended');
      expect(ended.game.result).toEqual({ winner: 'attackers', reason: 'resignation' });
      game.seats.attackers.client.send({
        t: 'move',
        game: game.id,
        token: game.seats.attackers.token,
        ply: 0,
        move: 'd2-c2',
      });
      expect((await game.seats.attackers.client.next('error')).code).toBe('game/over');
    });

    it('refuses malformed requests over HTTP with codes, and a taken seat with seat/taken', async () => {
      expect((await api(server.url, '/api/games', '{"rules":')).body).toMatchObject({
        error: { code: 'msg/json' },
      });
      expect((await api(server.url, '/api/games', { rules: 'brandub-fr' })).status).toBe(400);
      const badRules = await api(server.url, '/api/games', {
        rules: 'dim:7 nonsense',
        side: 'attackers',
        time: { kind: 'none' },
        name: 'X',
      });
      expect(badRules.body).toMatchObject({ error: { code: 'create/rules' } });
      const badTime = await api(server.url, '/api/games', {
        rules: 'brandub-fr',
        side: 'attackers',
        time: { kind: 'live', baseMs: 5, incrementMs: 0 },
        name: 'X',
      });
      expect(badTime.body).toMatchObject({ error: { code: 'create/time' } });
      const grant = await createGame(server.url);
      await joinGame(server.url, grant.game.id);
      const third = await api(server.url, `/api/games/${grant.game.id}/join`, { name: 'Fergus' });
      expect(third.status).toBe(409);
      expect(third.body).toMatchObject({ error: { code: 'seat/taken' } });
      expect((await api(server.url, '/api/games/AAAAAAAAAA')).status).toBe(404);
      // Broken URLs and bodies of the wrong kind get the same error shape.
      for (const path of ['/api/games/%', '/api/games/%zz/join', '/api/nothing'])
        expect(Object.keys((await api<{ error: object }>(server.url, path)).body.error)).toEqual([
          'code',
          'message',
        ]);
      expect((await api(server.url, '/api/games', [1, 2])).body).toMatchObject({
        error: { code: 'msg/schema' },
      });
    });
  });

  describe('reconnecting', () => {
    it('a dropped player catches up from the last move seen, and plays on', async () => {
      const game = await table();
      const a = game.seats.attackers;
      const d = game.seats.defenders;
      a.client.send({ t: 'move', game: game.id, token: a.token, ply: 0, move: 'd2-c2' });
      await a.client.next('move', (m) => m.ply === 1);
      a.client.close();
      d.client.send({ t: 'move', game: game.id, token: d.token, ply: 1, move: 'c4-c6' });
      await d.client.next('move', (m) => m.ply === 2);
      const back = await connect();
      back.send({ t: 'watch', game: game.id, token: a.token, from: 1 });
      const state = await back.next('state');
      expect(state.you).toBe('attackers');
      expect(state.game.from).toBe(1);
      expect(state.game.moves).toEqual(['c4-c6']);
      expect(state.game.ply).toBe(2);
      back.send({ t: 'move', game: game.id, token: a.token, ply: 2, move: 'c2-b2' });
      expect((await d.client.next('move', (m) => m.ply === 3)).move).toBe('c2-b2');
    });
  });

  describe('draws, resignation, rematch and abort', () => {
    it('a draw offered and accepted ends the game by agreement; a declined one is withdrawn', async () => {
      const game = await table();
      const a = game.seats.attackers;
      const d = game.seats.defenders;
      a.client.send({ t: 'draw', game: game.id, token: a.token, act: 'offer' });
      expect((await d.client.next('update', (m) => m.game.drawOffer === 'attackers')).game.status).toBe(
        'playing',
      );
      d.client.send({ t: 'draw', game: game.id, token: d.token, act: 'decline' });
      await a.client.next('update', (m) => m.game.drawOffer === null);
      d.client.send({ t: 'draw', game: game.id, token: d.token, act: 'accept', re: 5 });
      expect((await d.client.next('error')).code).toBe('draw/none');
      d.client.send({ t: 'draw', game: game.id, token: d.token, act: 'offer' });
      await a.client.next('update', (m) => m.game.drawOffer === 'defenders');
      a.client.send({ t: 'draw', game: game.id, token: a.token, act: 'accept' });
      const end = await d.client.next('update', (m) => m.game.status === 'ended');
      expect(end.game.result).toEqual({ winner: 'draw', reason: 'agreement' });
    });

    it('a rematch offered and accepted starts a new game with the sides swapped and the same tokens', async () => {
      const game = await table();
      const a = game.seats.attackers;
      const d = game.seats.defenders;
      a.client.send({ t: 'resign', game: game.id, token: a.token });
      await d.client.next('update', (m) => m.game.status === 'ended');
      d.client.send({ t: 'rematch', game: game.id, token: d.token, act: 'offer' });
      await a.client.next('update', (m) => m.game.rematchOffer === 'defenders');
      a.client.send({ t: 'rematch', game: game.id, token: a.token, act: 'accept' });
      const update = await d.client.next('update', (m) => m.game.rematch !== null);
      const next = await fetchGame(server.url, update.game.rematch!);
      expect(next.status).toBe('playing');
      expect(next.seats.attackers.name).toBe(update.game.seats.defenders.name);
      expect(next.seats.defenders.name).toBe(update.game.seats.attackers.name);
      d.client.send({ t: 'watch', game: next.id, token: d.token });
      expect((await d.client.next('state', (m) => m.game.id === next.id)).you).toBe('attackers');
      d.client.send({ t: 'move', game: next.id, token: d.token, ply: 0, move: 'd2-c2' });
      expect((await d.client.next('move', (m) => m.game === next.id)).move).toBe('d2-c2');
    });

    it('a game can be aborted before the first move, and not after', async () => {
      const game = await table();
      const a = game.seats.attackers;
      a.client.send({ t: 'move', game: game.id, token: a.token, ply: 0, move: 'd2-c2' });
      await a.client.next('move');
      a.client.send({ t: 'abort', game: game.id, token: a.token });
      expect((await a.client.next('error')).code).toBe('abort/late');
      const other = await table();
      other.seats.defenders.client.send({ t: 'abort', game: other.id, token: other.seats.defenders.token });
      const end = await other.seats.attackers.client.next('update', (m) => m.game.status === 'aborted');
      expect(end.game.result).toEqual({ winner: 'none', reason: 'aborted' });
    });
  });

  describe('clocks on the server', () => {
    it('a player whose live time runs out loses on time, told without asking', async () => {
      const game = await table('brandub-fr', { kind: 'live', baseMs: 1000, incrementMs: 0 });
      const a = game.seats.attackers;
      // The first move is not timed; then the defenders' second runs and runs out.
      a.client.send({ t: 'move', game: game.id, token: a.token, ply: 0, move: 'd2-c2' });
      const moved = await a.client.next('move');
      expect(moved.clock).toMatchObject({ running: 'defenders', attackers: 1000 });
      expect(moved.clock!.defenders).toBeGreaterThan(500);
      const end = await a.client.next('update', (m) => m.game.status === 'ended', 5000);
      expect(end.game.result).toEqual({ winner: 'attackers', reason: 'time' });
      expect(end.game.clock).toMatchObject({ defenders: 0, running: null });
      const d = game.seats.defenders;
      d.client.send({ t: 'move', game: game.id, token: d.token, ply: 1, move: 'c4-c6' });
      expect((await d.client.next('error')).code).toBe('game/over');
    });
  });

  describe('the lobby', () => {
    it('lists open games to join, games being played and finished games', async () => {
      const open = await createGame(server.url, { name: 'Lobby waiter' });
      const game = await table();
      game.seats.attackers.client.send({
        t: 'move',
        game: game.id,
        token: game.seats.attackers.token,
        ply: 0,
        move: 'd2-c2',
      });
      await game.seats.attackers.client.next('move');
      await new Promise((r) => setTimeout(r, 1100));
      const lobby = (
        await api<{ open: { id: string }[]; live: { id: string }[]; finished: { id: string }[] }>(
          server.url,
          '/api/lobby',
        )
      ).body;
      expect(lobby.open.map((g) => g.id)).toContain(open.game.id);
      expect(lobby.live.map((g) => g.id)).toContain(game.id);
      expect(lobby.finished.length).toBeGreaterThan(0);
    });
  });
});

describe('limits', () => {
  let remove: () => Promise<void>;
  beforeAll(async () => {
    const database = await freshDatabase('sqlite');
    remove = database.remove;
    server = await startServer(database.setup);
  });
  afterAll(async () => {
    await server?.stop();
    await remove?.();
  });

  it('answers messages over the rate with rate/limited, and serves the connection again later', async () => {
    const client = await connect();
    for (let i = 0; i < 100; i++) client.send({ t: 'ping', re: i });
    const limited = await client.next('error', (m) => m.code === 'rate/limited');
    expect(limited.message).toMatch(/messages a second/);
    const pongs = client.messages.filter((m) => m.t === 'pong').length;
    expect(pongs).toBeLessThan(100);
    await new Promise((r) => setTimeout(r, 1000));
    client.send({ t: 'ping', re: 1000 });
    expect((await client.next('pong', (m) => m.re === 1000)).t).toBe('pong');
  });

  it('refuses an oversized message with msg/size and a binary frame with msg/schema', async () => {
    const client = await connect();
    client.send(JSON.stringify({ t: 'ping', pad: 'x'.repeat(5000) }));
    expect((await client.next('error')).code).toBe('msg/size');
    client.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    expect((await client.next('error')).code).toBe('msg/schema');
    client.send({ t: 'ping', re: 3 });
    await client.next('pong', (m) => m.re === 3);
  });

  it('limits games created from one address over HTTP', async () => {
    const limited = await startServer({ env: { TAFL_HTTP_RATE: '1' } });
    try {
      const body = { rules: 'brandub-fr', side: 'attackers', time: { kind: 'none' }, name: 'Flood' };
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await api(limited.url, '/api/games', body)).status);
      expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(30);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await limited.stop();
    }
  });
});
