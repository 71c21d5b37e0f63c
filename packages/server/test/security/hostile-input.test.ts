/**
 * The attacks of hostile input the server holds, against a real server process on each database
 * (SQLite; PostgreSQL too when TAFL_TEST_PG is set), with the limits of a public server:
 *
 * - hostile JSON over HTTP and over the WebSocket, and hostile OTN (move records, rules
 *   strings): each answered with a known code and a sentence, and nothing changed;
 * - ten thousand messages on one socket: refused for rate, the socket closed (1008), the rest
 *   never read, while a game is played beside it;
 * - slowloris from 20 addresses (headers sent a character at a time, or nothing at all): each
 *   connection answered 408 and closed within TAFL_HEADERS_TIMEOUT_MS;
 * - slow bodies from 20 addresses: answered 408 and closed within TAFL_REQUEST_TIMEOUT_MS.
 *
 * Meanwhile /healthz and a game's moves are answered (service.ts); their times are printed, never
 * asserted. Random and mutated messages by the ten thousand, over many sockets: fuzz.test.ts.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  ERROR_CODES,
  MAX_MESSAGE_BYTES,
  RATE_BURST,
  type ErrorBody,
  type GameView,
  type Lobby,
  type ServerMessage,
} from '../../src/protocol.js';
import { Rng, fuzzFrame, type Frame } from '../fuzz-messages.js';
import {
  BACKENDS,
  Client,
  api,
  createGame,
  fetchGame,
  freshDatabase,
  joinGame,
  startServer,
  type ServerProcess,
} from '../harness.js';
import { raw, statusOf, trickle, within } from './raw.js';
import { Service } from './service.js';

const HEADERS_TIMEOUT_MS = 1000;
const REQUEST_TIMEOUT_MS = 1500;
/** Client addresses of the attacks from many: 127.0.0.2 to 127.0.0.21. */
const ADDRESSES = Array.from({ length: 20 }, (_, i) => `127.0.0.${i + 2}`);

/** JSON texts no route or message can take. */
const HOSTILE_JSON: readonly string[] = [
  '',
  ' ',
  '{',
  '{"rules":',
  '}{',
  'null',
  'true',
  '0',
  '"text"',
  '[]',
  '[{}]',
  '{"__proto__": {"polluted": true}}',
  '{"constructor": {"prototype": {"polluted": true}}}',
  '{"rules": 1e999, "side": -0, "time": {"kind": "none"}, "name": "x"}',
  '{"name": "\\ud800"}',
  '{"name": "a\\u0000b", "t": "ping"}',
  '\ufeff{"name": "byte order mark"}',
  `{"name": ${'9'.repeat(5000)}}`,
  "{'name': 'single quotes'}",
  '{"name": NaN}',
  '{"name": undefined}',
  '{"name": 0x10}',
  '/* a comment */ {"name": "x"}',
  '{"t": "move", "t": "ping", "name": "duplicate keys"}',
  '{"rules": "brandub-fr", "side": "attackers", "time": {"kind": "none"}, "name": "x", "extra": 1}',
];

/** Move records no position takes: broken, out of the board, too long, look-alike characters. */
const HOSTILE_MOVES: readonly string[] = [
  '',
  'd1',
  'd1-',
  'd1-d1',
  'z9-z10',
  'a0-a1',
  'd1-d3xd4xd5xd6xd7xd2xd1',
  'd1-d3'.repeat(12),
  'pass',
  '---',
  'd1\u2013d3',
  '\u0664-\u0665',
  'd1-d3\u0000',
  'D1-D3',
  'd01-d03',
  'd1-d3+++',
  'd1xd3',
  'd1-d3xz9',
  ' d1-d3',
  'd4-d5',
];

/** Rules strings no game can be made of. */
const HOSTILE_RULES: readonly string[] = [
  'dim:99',
  'dim:0',
  'dim:-7',
  'dim:7 layout:???',
  `dim:7 layout:${'x'.repeat(900)}`,
  'x'.repeat(1025),
  'dim:7\u0000',
  '\u202edim:7',
];

const isKnown = (code: unknown): boolean => (ERROR_CODES as readonly unknown[]).includes(code);

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** A request with any body and content type; its status and its refusal, if it is one. */
async function send(
  base: string,
  method: string,
  path: string,
  body: string,
  contentType = 'application/json',
): Promise<{ status: number; error: ErrorBody['error'] | undefined }> {
  const response = await fetch(base + path, { method, headers: { 'content-type': contentType }, body });
  const text = await response.text();
  try {
    return { status: response.status, error: (JSON.parse(text) as Partial<ErrorBody>).error };
  } catch {
    return { status: response.status, error: undefined };
  }
}

describe.each(BACKENDS)('on %s', (backend) => {
  let server: ServerProcess;
  let remove: () => Promise<void>;
  const clients: Client[] = [];
  beforeAll(async () => {
    const database = await freshDatabase(backend);
    remove = database.remove;
    server = await startServer({
      ...database.setup,
      env: {
        TAFL_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
        TAFL_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      },
    });
  });
  afterAll(async () => {
    clients.forEach((c) => c.close());
    await server?.stop();
    await remove?.();
  });

  const connect = async (): Promise<Client> => {
    const client = await Client.connect(server.ws);
    clients.push(client);
    await client.next('hello');
    return client;
  };

  /** A game being played (both seats taken, one move made), and a finished one. */
  async function victims(): Promise<{ playing: GameView; ended: GameView; tokens: Record<string, string> }> {
    const first = await createGame(server.url, { rules: 'brandub-fr', side: 'attackers' });
    const second = await joinGame(server.url, first.game.id);
    const client = await connect();
    client.send({ t: 'watch', game: first.game.id, token: first.token });
    await client.next('state');
    client.send({ t: 'move', game: first.game.id, token: first.token, ply: 0, move: 'd2-c2' });
    await client.next('move');
    const over = await createGame(server.url);
    const overSecond = await joinGame(server.url, over.game.id);
    client.send({ t: 'watch', game: over.game.id, token: overSecond.token });
    await client.next('state', (m) => m.game.id === over.game.id);
    client.send({ t: 'resign', game: over.game.id, token: overSecond.token });
    await client.next('update', (m) => m.game.id === over.game.id && m.game.status === 'ended');
    return {
      playing: await fetchGame(server.url, first.game.id),
      ended: await fetchGame(server.url, over.game.id),
      tokens: { attackers: first.token, defenders: second.token },
    };
  }

  const lobbyCounts = async (): Promise<number[]> => {
    const lobby = (await api<Lobby>(server.url, '/api/lobby')).body;
    return [lobby.open.length, lobby.live.length, lobby.finished.length];
  };

  it('hostile JSON to every route that reads JSON is answered with a code and a sentence, and changes nothing', async () => {
    const { playing, ended } = await victims();
    // The lobby is read at most once a second.
    await sleep(1100);
    const before = await lobbyCounts();
    const routes = [
      ['POST', '/api/games'],
      ['POST', `/api/games/${playing.id}/join`],
      ['PUT', `/api/games/${ended.id}/analysis`],
      ['POST', '/api/account/signin'],
      ['POST', '/api/account/signup'],
      ['POST', '/api/tournaments'],
    ] as const;
    const offences: string[] = [];
    for (const [method, path] of routes)
      for (const body of HOSTILE_JSON) {
        const answer = await send(server.url, method, path, body);
        if (
          answer.status < 400 ||
          answer.status >= 500 ||
          !isKnown(answer.error?.code) ||
          !answer.error?.message
        )
          offences.push(`${method} ${path} ${JSON.stringify(body.slice(0, 60))}: ${JSON.stringify(answer)}`);
      }
    expect(offences).toEqual([]);
    await sleep(1100);
    expect(await lobbyCounts()).toEqual(before);
    expect(await fetchGame(server.url, playing.id)).toEqual(playing);
    expect((await api(server.url, `/api/games/${ended.id}/analysis`)).status).toBe(404);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('hostile JSON over the WebSocket is answered with a code and a sentence, and the socket goes on', async () => {
    const client = await connect();
    for (const text of HOSTILE_JSON) client.send(text);
    client.send({ t: 'ping', re: 7 });
    await client.next('pong', (m) => m.re === 7);
    const errors = client.messages.filter(
      (m): m is Extract<ServerMessage, { t: 'error' }> => m.t === 'error',
    );
    expect(errors).toHaveLength(HOSTILE_JSON.length);
    for (const error of errors) {
      expect(isKnown(error.code), error.code).toBe(true);
      expect(error.message.length).toBeGreaterThan(0);
    }
  });

  it('hostile OTN, move records and rules strings, is refused with a code and a sentence, and changes nothing', async () => {
    const { playing, tokens } = await victims();
    const client = await connect();
    client.send({ t: 'watch', game: playing.id, token: tokens.defenders });
    await client.next('state', (m) => m.game.id === playing.id);
    for (const [i, move] of HOSTILE_MOVES.entries())
      client.send({ t: 'move', game: playing.id, token: tokens.defenders, ply: playing.ply, move, re: i });
    for (const [i, move] of HOSTILE_MOVES.entries()) {
      const refused = await client.next('error', (m) => m.re === i);
      expect(['move/syntax', 'move/illegal', 'msg/schema'], `${move}: ${refused.code}`).toContain(
        refused.code,
      );
      expect(refused.message.length).toBeGreaterThan(0);
    }
    expect(await fetchGame(server.url, playing.id)).toEqual(playing);
    expect((await api<string>(server.url, `/api/games/${playing.id}/record`)).body).toMatch(/d2-c2/);
    for (const rules of HOSTILE_RULES) {
      const answer = await send(
        server.url,
        'POST',
        '/api/games',
        JSON.stringify({ rules, side: 'attackers', time: { kind: 'none' }, name: 'Hostile' }),
      );
      expect(answer.status, rules.slice(0, 40)).toBe(400);
      expect(answer.error?.code).toBe('create/rules');
    }
  });

  it('ten thousand messages on one socket: refused for rate, then the socket is closed, while a game goes on', async () => {
    const { playing } = await victims();
    const service = Service.start(server.url, server.ws);
    await service.until(() => service.moves.length > 0);
    const rng = new Rng(0x10000);
    const context = { victims: [{ id: playing.id, tokens: {}, pos: undefined }], owned: [] };
    // Hostile frames of every kind but those that close the socket at once (over the 64 KiB a
    // frame may have, or not UTF-8).
    const frames: Frame[] = [];
    while (frames.length < 10_000) {
      const frame = fuzzFrame(rng, context);
      if (frame.kind !== 'badUtf8' && Buffer.byteLength(frame.data) <= 16 * MAX_MESSAGE_BYTES)
        frames.push(frame);
    }
    const socket = new WebSocket(server.ws, { perMessageDeflate: false });
    const answers: ServerMessage[] = [];
    socket.on('message', (data) => answers.push(JSON.parse(String(data)) as ServerMessage));
    socket.on('error', () => {});
    await new Promise((r) => socket.once('open', r));
    const closed = new Promise<{ code: number; reason: string }>((r) =>
      socket.once('close', (code, reason) => r({ code, reason: reason.toString() })),
    );
    for (const frame of frames) socket.send(frame.data, { binary: frame.binary });
    const { code, reason } = await within(closed, 20_000, 'the flooding socket was not closed');
    const moves = service.moves.length;
    await service.until(() => service.moves.length > moves);
    await service.stop();
    console.log(`10,000 messages on one socket (${backend}): while it lasted, ${service.summary()}`);

    expect(code).toBe(1008);
    expect(reason).toBe('too many messages');
    const errors = answers.filter((m): m is Extract<ServerMessage, { t: 'error' }> => m.t === 'error');
    expect(errors.every((e) => isKnown(e.code) && e.code !== 'server/error')).toBe(true);
    // Read and answered: the burst, then refusals for rate until the socket was closed.
    const read = answers.filter((m) => m.t !== 'hello' && !(m.t === 'error' && m.code === 'rate/limited'));
    expect(read.length).toBeLessThanOrEqual(RATE_BURST + 20);
    expect(answers.length).toBeLessThan(1000);
    expect(service.failures).toEqual([]);
    expect(await fetchGame(server.url, playing.id)).toEqual(playing);
  });

  it('slowloris from 20 addresses: every half-sent request is answered 408 and closed within the headers timeout', async () => {
    const service = Service.start(server.url, server.ws);
    const attacks = ADDRESSES.flatMap((from) =>
      [0, 1, 2, 3, 4].map(async () => {
        const c = await raw(server.url, from);
        c.socket.write('GET /api/lobby HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
        // A character every 100 ms for eight tenths of the timeout: none after the server's deadline.
        void trickle(c.socket, 'a'.repeat(100), 100, HEADERS_TIMEOUT_MS * 0.8);
        const ms = await within(c.closed, 10_000, `a slow request from ${from} was not closed`);
        return { ms, status: statusOf(c) };
      }),
    );
    const closed = await Promise.all(attacks);
    await service.stop();
    console.log(`slowloris from 20 addresses (${backend}): while it lasted, ${service.summary()}`);
    expect(closed.every((c) => c.status === 408)).toBe(true);
    // Node looks every quarter of the timeout: closed after 1 s, well before 4 s.
    expect(Math.min(...closed.map((c) => c.ms))).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS * 0.9);
    expect(Math.max(...closed.map((c) => c.ms))).toBeLessThan(HEADERS_TIMEOUT_MS * 4);
    expect(service.failures).toEqual([]);
    expect(service.healthz.length).toBeGreaterThan(0);
  });

  it('a connection that sends nothing is closed within the headers timeout too', async () => {
    const c = await raw(server.url);
    const ms = await within(c.closed, 5000, 'the silent connection was not closed');
    expect(ms).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS * 0.9);
    expect(ms).toBeLessThan(HEADERS_TIMEOUT_MS * 2.5);
  });

  it('a request sent in time is answered as usual', async () => {
    const c = await raw(server.url);
    c.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    await within(c.closed, 5000, 'the answered request was not closed');
    expect(statusOf(c)).toBe(200);
  });

  it('slow bodies from 20 addresses: each is answered 408 and closed within TAFL_REQUEST_TIMEOUT_MS, and creates nothing', async () => {
    await sleep(1100);
    const before = await lobbyCounts();
    const service = Service.start(server.url, server.ws);
    const body = JSON.stringify({
      rules: 'brandub-fr',
      side: 'attackers',
      time: { kind: 'none' },
      name: 'Slow',
    });
    const attacks = ADDRESSES.flatMap((from) =>
      [0, 1].map(async () => {
        const c = await raw(server.url, from);
        c.socket.write(
          `POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
        );
        void trickle(c.socket, body, 100, REQUEST_TIMEOUT_MS * 0.8); // as above
        const ms = await within(c.closed, 10_000, `a slow body from ${from} was not closed`);
        return { ms, status: statusOf(c) };
      }),
    );
    const closed = await Promise.all(attacks);
    await service.stop();
    console.log(`slow bodies from 20 addresses (${backend}): while they lasted, ${service.summary()}`);
    expect(closed.every((c) => c.status === 408)).toBe(true);
    expect(Math.min(...closed.map((c) => c.ms))).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS * 0.9);
    expect(Math.max(...closed.map((c) => c.ms))).toBeLessThan(REQUEST_TIMEOUT_MS * 3);
    expect(service.failures).toEqual([]);
    // The games the service played ended or go on; none was created by a slow body.
    await sleep(1100);
    const after = await lobbyCounts();
    expect(after[0]).toBe(before[0]);
  });
});
