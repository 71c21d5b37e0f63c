/**
 * Input that would cost the server more than it costs the sender, against real server processes
 * on each database (SQLite; PostgreSQL too when TAFL_TEST_PG is set). What the security review
 * found: 512 KiB of nested `[[[…]]]` sent to an analysis took ~300 ms of the event loop to parse
 * (10 ms for a flat body), three addresses at the allowed rate stalled /healthz for 10 s, and
 * each oversized WebSocket frame wrote an error line with its stack. So:
 *
 * - every JSON body is bounded in depth (MAX_BODY_DEPTH) and keys (MAX_BODY_MEMBERS), every
 *   WebSocket message is one flat object (MAX_MESSAGE_DEPTH): beyond, refused before it is
 *   parsed (`msg/depth`, `msg/size`), whatever the route; a flat body of the same size is read;
 * - an analysis is bounded by its game's length (analysisBounds): an unknown or unfinished game,
 *   or a Content-Length over the bound, is answered before the body is sent at all; a body whose
 *   bytes pass the bound is refused as they arrive; the engine's analysis of a 200-ply game, and
 *   the largest analysis the bound allows, are kept;
 * - a refused WebSocket frame is logged once per kind and interval, with no stack, and other
 *   failures a client causes are not logged at all;
 * - under that attack from three addresses at the allowed rate, /healthz and a game's moves are
 *   answered throughout (their times printed, never asserted).
 */

import { makeMoveSquares, playMoveRecord, presetById, startingPosition, type GameAnalysis } from '@tafl/core';
import { analyseGame } from '@tafl/engine/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { attackFrom, nested, type AttackPlan } from '../../bench/attacks.js';
import {
  MAX_ATTACH,
  MAX_BODY_DEPTH,
  MAX_BODY_MEMBERS,
  analysisBounds,
  type ErrorBody,
  type GameView,
  type SeatGrant,
} from '../../src/protocol.js';
import { apiAs, signUp, userName, type Session } from '../accounts-harness.js';
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
import { tournamentRequest } from '../tournament-harness.js';
import { raw, statusOf, within } from './raw.js';
import { Service } from './service.js';

const LONG_RULES = 'brandubh-2019';
const LONG_PLIES = 200;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** `text` with spaces after it, to `bytes` bytes (whitespace is JSON's own). */
const padded = (text: string, bytes: number): string => text + ' '.repeat(Math.max(0, bytes - text.length));

/** A request with a JSON text as it is, as a guest or as `session`. */
async function sendJson(
  base: string,
  method: string,
  path: string,
  body: string,
  session?: Session,
): Promise<{ status: number; error: ErrorBody['error'] | undefined }> {
  const { status, body: answer } = await apiAs<unknown>(base, path, session, { method, body });
  return { status, error: (answer as Partial<ErrorBody> | null)?.error };
}

/** A game of `rules` played by two guests over the WebSocket, `plies` moves none of which ends it, then resigned. */
async function finishedGame(
  server: ServerProcess,
  rules: string,
  plies: number,
): Promise<{ id: string; moves: string[] }> {
  const first = await createGame(server.url, { rules, side: 'attackers' });
  const second = await joinGame(server.url, first.game.id);
  const id = first.game.id;
  const tokens = { [first.side]: first.token, [second.side]: second.token };
  // A socket for each seat, each under its 20 messages a second.
  const seats = { attackers: await Client.connect(server.ws), defenders: await Client.connect(server.ws) };
  try {
    for (const client of [seats.attackers, seats.defenders]) {
      client.send({ t: 'watch', game: id });
      await client.next('state');
    }
    const pos = startingPosition(presetById(rules)!);
    const moves: string[] = [];
    while (pos.ply < plies) {
      // A move that does not end the game (the first legal one otherwise).
      const legal = pos.legalMoves().sort(() => Math.random() - 0.5);
      const move =
        legal.find((m) => {
          pos.play(m);
          const over = pos.isOver();
          pos.undo();
          return !over;
        }) ?? legal[0]!;
      const ply = pos.ply;
      const client = seats[pos.turn];
      client.send({
        t: 'move',
        game: id,
        token: tokens[pos.turn],
        ply,
        move: makeMoveSquares(pos.geo, move),
      });
      const confirmed = await client.next('move', (m) => m.ply === ply + 1);
      expect(playMoveRecord(pos, confirmed.move).ok).toBe(true);
      moves.push(confirmed.move);
      if (pos.isOver()) break;
      await sleep(30);
    }
    if (!pos.isOver()) {
      const client = seats[pos.turn];
      client.send({ t: 'resign', game: id, token: tokens[pos.turn] });
      await client.next('update', (m) => m.game.status === 'ended');
    }
    return { id, moves };
  } finally {
    seats.attackers.close();
    seats.defenders.close();
  }
}

/**
 * The largest analysis of a game by the check's rules: at every position a best line of 12 legal
 * moves (fewer where the game ends on the way), at the claimed `depth`.
 */
function longestAnalysis(rules: string, moves: readonly string[], depth: number): GameAnalysis {
  const pos = startingPosition(presetById(rules)!);
  const plies = [];
  for (let ply = 0; ply <= moves.length; ply++) {
    if (ply > 0) expect(playMoveRecord(pos, moves[ply - 1]!).ok).toBe(true);
    const pv: string[] = [];
    while (pv.length < 12 && !pos.isOver()) {
      const legal = pos.legalMoves();
      const move = makeMoveSquares(pos.geo, legal[(ply + pv.length) % legal.length]!);
      expect(playMoveRecord(pos, move).ok).toBe(true);
      pv.push(move);
    }
    pv.forEach(() => pos.undo());
    plies.push({ score: ply - 100, pv, depth });
  }
  return { version: 2, depth, plies };
}

/** Sends the headers of a request, and no body: the first status answered within 5 s (0: none). */
async function headersOnly(server: ServerProcess, head: string): Promise<number> {
  const c = await raw(server.url);
  c.socket.write(head);
  for (let i = 0; i < 100 && statusOf(c) === 0; i++) await sleep(50);
  c.socket.destroy();
  return statusOf(c);
}

describe.each(BACKENDS)('on %s', (backend) => {
  const cleanUps: (() => Promise<void>)[] = [];
  /** A server of its own, on a fresh database of the backend. */
  async function fresh(env: Record<string, string> = {}): Promise<ServerProcess> {
    const database = await freshDatabase(backend);
    const started = await startServer({ ...database.setup, env });
    cleanUps.push(async () => {
      await started.stop();
      await database.remove();
    });
    return started;
  }
  let server: ServerProcess;
  beforeAll(async () => {
    server = await fresh();
  });
  afterAll(() => Promise.all(cleanUps.map((clean) => clean())));

  it('a body nested deeper than the API takes is refused with msg/depth on every JSON route before the route runs; a flat body of its size is read', async () => {
    const [alice, bob, carol] = [userName('alice'), userName('bob'), userName('carol')];
    const sessions = { alice: await signUp(server.url, alice), bob: await signUp(server.url, bob) };
    const carolSession = await signUp(server.url, carol);
    const waiting = await createGame(server.url);
    const ended = await finishedGame(server, 'brandub-fr', 0);
    const tournament = (
      await apiAs<{ id: string }>(server.url, '/api/tournaments', sessions.alice, {
        body: tournamentRequest({ startsAt: Date.now() + 3_600_000 }),
      })
    ).body.id;
    const analysis = JSON.stringify({ version: 2, depth: 1, plies: [{ score: 0, pv: ['d2-c2'], depth: 1 }] });
    // Each route, the session it is sent as, a flat body the route takes, and its answer then.
    const routes: [string, string, Session | undefined, unknown, number | undefined][] = [
      [
        'POST',
        '/api/games',
        undefined,
        { rules: 'brandub-fr', side: 'attackers', time: { kind: 'none' }, name: 'Flat' },
        201,
      ],
      ['POST', `/api/games/${waiting.game.id}/join`, undefined, { name: 'Flat' }, 200],
      ['PUT', `/api/games/${ended.id}/analysis`, undefined, JSON.parse(analysis), 200],
      ['POST', '/api/account/signup', undefined, { name: userName('dana'), password: 'correct horse' }, 201],
      ['POST', '/api/account/signin', undefined, { name: alice, password: 'correct horse' }, 200],
      ['POST', '/api/account/seats', sessions.alice, { seats: [] }, 200],
      [
        'POST',
        '/api/account/password',
        sessions.alice,
        { current: 'wrong horse', password: 'new horse!' },
        401,
      ],
      ['POST', '/api/account/delete', sessions.alice, { password: 'wrong horse' }, 401],
      [
        'POST',
        '/api/tournaments',
        sessions.alice,
        tournamentRequest({ startsAt: Date.now() + 3_600_000 }),
        201,
      ],
      ['POST', `/api/tournaments/${tournament}/join`, sessions.bob, {}, 200],
      ['POST', `/api/tournaments/${tournament}/leave`, sessions.bob, {}, 200],
      ['POST', '/api/account/signout', sessions.bob, {}, undefined],
      ['POST', '/api/account/signout-all', carolSession, {}, undefined],
    ];
    // The analysis route's bound for a game of 0 plies is 1,536 bytes; the others take 16 KiB.
    const sizeOf = (path: string): number => (path.endsWith('/analysis') ? 1400 : 12_000);
    for (const [method, path, session] of routes) {
      const deep = nested(sizeOf(path));
      const refused = await sendJson(server.url, method, path, deep, session);
      expect(refused.status, `${method} ${path}`).toBe(400);
      expect(refused.error?.code, `${method} ${path}`).toBe('msg/depth');
      expect(refused.error?.message).toMatch(`at most ${MAX_BODY_DEPTH} deep`);
      // One level deeper than the deepest the API takes is enough.
      const deeper = `{"x":${'['.repeat(MAX_BODY_DEPTH)}${']'.repeat(MAX_BODY_DEPTH)}}`;
      expect((await sendJson(server.url, method, path, deeper, session)).error?.code).toBe('msg/depth');
    }
    // None of those routes ran: every session is still signed in, the game still waits.
    for (const session of [sessions.alice, sessions.bob, carolSession])
      expect((await apiAs<{ user: unknown }>(server.url, '/api/account', session)).body.user).not.toBeNull();
    expect((await fetchGame(server.url, waiting.game.id)).status).toBe('waiting');
    // Flat bodies of the same sizes are read, and each route answers them as it does.
    for (const [method, path, session, body, status] of routes) {
      const flat = padded(JSON.stringify(body), sizeOf(path));
      const answer = await sendJson(server.url, method, path, flat, session);
      expect(answer.error?.code, `${method} ${path}`).not.toBe('msg/depth');
      expect(answer.status, `${method} ${path}: ${JSON.stringify(answer)}`).toBeLessThan(500);
      if (status !== undefined)
        expect(answer.status, `${method} ${path}: ${JSON.stringify(answer)}`).toBe(status);
    }
  });

  it('a body of more keys than any request has is refused with msg/size before it is parsed; the largest sign-in is read', async () => {
    const keys = Object.fromEntries(Array.from({ length: MAX_BODY_MEMBERS + 1 }, (_, i) => [`k${i}`, 0]));
    const refused = await sendJson(server.url, 'POST', '/api/games', JSON.stringify(keys));
    expect(refused.status).toBe(413);
    expect(refused.error).toMatchObject({ code: 'msg/size' });
    expect(refused.error?.message).toMatch(`at most ${MAX_BODY_MEMBERS} keys`);
    // A sign-in attaching MAX_ATTACH guest seats (two keys each) is the most of the API.
    const name = userName('erin');
    await signUp(server.url, name);
    const seats = Array.from({ length: MAX_ATTACH }, (_, i) => ({
      game: `Zz${String(i).padStart(8, '0')}`,
      token: 'x'.repeat(22),
    }));
    const largest = await sendJson(
      server.url,
      'POST',
      '/api/account/signin',
      JSON.stringify({ name, password: 'correct horse', seats }),
    );
    expect(largest.status, JSON.stringify(largest)).toBe(200);
  });

  it('a WebSocket message nested deeper than one flat object is refused with msg/depth, and the socket goes on', async () => {
    const client = await Client.connect(server.ws);
    try {
      await client.next('hello');
      client.send('{"t":"ping","re":[1]}');
      expect(await client.next('error')).toMatchObject({ code: 'msg/depth' });
      client.send(nested(4096));
      expect(await client.next('error')).toMatchObject({ code: 'msg/depth' });
      client.send('{"t":"watch","game":{"id":"Zz00000000"},"re":4}');
      expect(await client.next('error')).toMatchObject({ code: 'msg/depth' });
      client.send({ t: 'ping', re: 5 });
      expect(await client.next('pong')).toMatchObject({ re: 5 });
    } finally {
      client.close();
    }
  });

  it('an analysis is bounded by its game: refused before its body is sent, or as its bytes pass the bound; the engine’s analysis of a 200-ply game and the largest the bound allows are kept', async () => {
    const game = await finishedGame(server, LONG_RULES, LONG_PLIES);
    expect(game.moves).toHaveLength(LONG_PLIES);
    const bounds = analysisBounds(LONG_PLIES);
    const playing: SeatGrant = await createGame(server.url);
    await joinGame(server.url, playing.game.id);
    const head = (id: string, length: number, type = 'application/json'): string =>
      `PUT /api/games/${id}/analysis HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\n\r\n`;
    // Answered from the headers alone: the body is never sent.
    expect(await headersOnly(server, head('Zz00000000', 400_000))).toBe(404);
    expect(await headersOnly(server, head(playing.game.id, 400_000))).toBe(409);
    expect(await headersOnly(server, head(game.id, 400_000, 'text/plain'))).toBe(400);
    expect(await headersOnly(server, head(game.id, bounds.bytes + 1))).toBe(413);

    // Sent in chunks with no length: refused once its bytes pass the bound.
    const c = await raw(server.url);
    c.socket.write(
      `PUT /api/games/${game.id}/analysis HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
    );
    const chunk = ' '.repeat(16 * 1024);
    for (
      let sent = 0;
      sent < 2 * bounds.bytes && statusOf(c) === 0 && !c.socket.destroyed;
      sent += chunk.length
    ) {
      c.socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
      await sleep(20);
    }
    await within(c.closed, 5000, 'the chunked analysis was not answered and closed');
    expect(statusOf(c)).toBe(413);
    expect(c.received()).toContain('"code":"msg/size"');

    // Within the bound: nested too deep, or too many keys, refused before it is parsed.
    const put = (body: string) => sendJson(server.url, 'PUT', `/api/games/${game.id}/analysis`, body);
    expect((await put(nested(bounds.bytes - 2))).error?.code).toBe('msg/depth');
    const crowded = JSON.stringify({
      version: 2,
      depth: 1,
      plies: game.moves.concat('').map(() => ({ score: 0, a: 0, b: 0, c: 0, d: 0 })),
    });
    const tooMany = await put(crowded);
    expect(tooMany).toMatchObject({ status: 413, error: { code: 'msg/size' } });
    expect(tooMany.error?.message).toMatch(`at most ${bounds.members} keys`);
    expect((await api(server.url, `/api/games/${game.id}/analysis`)).status).toBe(404);

    // The engine's own analysis of the game is kept.
    const real = await analyseGame({ rules: LONG_RULES, moves: game.moves, depth: 3 });
    expect(real).toBeDefined();
    const saved = await put(JSON.stringify(real));
    expect(saved.status, JSON.stringify(saved)).toBe(200);
    // As JSON has it (the engine's -0 is 0).
    const kept = (await api<GameAnalysis>(server.url, `/api/games/${game.id}/analysis`)).body;
    expect(kept).toEqual(JSON.parse(JSON.stringify(real)));

    // The largest the bound allows: a byte more is refused, the bound itself kept.
    const longest = JSON.stringify(longestAnalysis(LONG_RULES, game.moves, 9));
    expect(longest.length).toBeLessThan(bounds.bytes);
    expect(await put(padded(longest, bounds.bytes + 1))).toMatchObject({
      status: 413,
      error: { code: 'msg/size' },
    });
    expect((await put(padded(longest, bounds.bytes))).status).toBe(200);
    expect((await api<GameAnalysis>(server.url, `/api/games/${game.id}/analysis`)).body).toEqual(
      JSON.parse(longest),
    );
  }, 60_000);

  it('a refused WebSocket frame is logged once per kind and interval, without a stack; the other failures a client causes are not logged', async () => {
    const own = await fresh();
    const game = await finishedGame(own, 'brandub-fr', 0);
    const open = async (): Promise<WebSocket> => {
      const socket = new WebSocket(own.ws, { perMessageDeflate: false });
      socket.on('error', () => {});
      await new Promise((r) => socket.once('open', r));
      return socket;
    };
    const closedWith = (socket: WebSocket): Promise<number> => new Promise((r) => socket.once('close', r));
    const from = own.log().length;
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) {
      const socket = await open();
      socket.send('x'.repeat(70 * 1024));
      codes.push(await closedWith(socket));
    }
    // Text that is not UTF-8, written as a raw masked frame (ws will not send it).
    for (let i = 0; i < 5; i++) {
      const socket = await open();
      const closed = closedWith(socket);
      (socket as unknown as { _socket: NodeJS.WritableStream })._socket.write(
        Buffer.from([0x81, 0x82, 0, 0, 0, 0, 0xff, 0xfe]),
      );
      codes.push(await closed);
    }
    expect(codes).toEqual([...Array<number>(10).fill(1009), ...Array<number>(5).fill(1007)]);
    // Failures of HTTP a client causes: each answered, none logged.
    const requests = [
      'HELLO\r\n\r\n',
      Buffer.from('16030100a5010000a10303', 'hex').toString('latin1'),
      `GET / HTTP/1.1\r\nHost: x\r\nX: ${'a'.repeat(20_000)}\r\n\r\n`,
      'POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 3\r\n\r\n{{{',
      'POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}',
      'POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
      'GET /api/games/%E0%A4%A HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET /api/lobby HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
      'GET /api/ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n\r\n',
    ];
    const statuses: number[] = [];
    for (const request of requests) statuses.push(await headersOnly(own, request));
    // Bodies cut off halfway, an analysis's too.
    for (const path of ['POST /api/games', `PUT /api/games/${game.id}/analysis`]) {
      const c = await raw(own.url);
      c.socket.write(
        `${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"rules":`,
      );
      await sleep(100);
      c.socket.destroy();
    }
    await sleep(300);
    const lines = own
      .log()
      .slice(from)
      .split('\n')
      .filter((l) => l.trim() !== '' && !/"msg":"(request|websocket opened|websocket closed)"/.test(l));
    expect(lines.filter((l) => l.includes('"stack"'))).toEqual([]);
    const first = (l: string): boolean => !l.includes('more like it');
    expect(lines.filter(first).map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual([
      'a WebSocket frame was refused: Max payload size exceeded',
      'a WebSocket frame was refused: Invalid WebSocket frame: invalid UTF-8 sequence',
    ]);
    // Each answered with an error (an upgrade to another route than /api/ws too).
    expect(statuses).toEqual([400, 400, 431, 400, 400, 400, 400, 404, 400]);
  });

  it('under attack from three addresses at the allowed rate, /healthz and a game’s moves are answered throughout', async () => {
    const attacked = await fresh({ TAFL_HTTP_RATE: '2' });
    const target = await finishedGame(attacked, 'brandub-fr', 10);
    const { bytes } = analysisBounds(target.moves.length);
    const plan: AttackPlan = {
      target: target.id,
      // As the review sent it, and nested within the game's bound.
      analyses: [nested(512 * 1024), nested(bytes - 2)],
      framesPerSecond: 10,
      messagesPerSecond: 15,
    };
    const service = Service.start(attacked.url, attacked.ws);
    await service.until(() => service.moves.length > 0);
    const from = attacked.log().length;
    const answers = new Map<string, number>();
    const answered = (what: string): void => void answers.set(what, (answers.get(what) ?? 0) + 1);
    const end = Date.now() + 4000;
    await Promise.all(
      ['127.0.0.2', '127.0.0.3', '127.0.0.4'].map((address) =>
        attackFrom(attacked.url, address, plan, () => Date.now() < end, answered),
      ),
    );
    await sleep(500);
    await service.stop();
    console.log(
      `under attack from 3 addresses (${backend}): ${service.summary()}; the attackers were answered ${JSON.stringify(Object.fromEntries(answers))}`,
    );
    expect(service.failures).toEqual([]);
    expect(service.healthz.length).toBeGreaterThan(0);
    // Every analysis refused for its size or depth, or for rate; every frame closing its socket.
    const expected = new Set([
      'HTTP 400 msg/depth',
      'HTTP 413 msg/size',
      'HTTP 429 rate/limited',
      'ws closed 1009',
      'ws error msg/depth',
    ]);
    expect([...answers.keys()].filter((k) => !expected.has(k))).toEqual([]);
    expect(answers.get('HTTP 413 msg/size')).toBeGreaterThan(0);
    expect(answers.get('HTTP 400 msg/depth')).toBeGreaterThan(0);
    expect(attacked.log().slice(from)).not.toContain('"stack"');
    const view: GameView = await fetchGame(attacked.url, target.id);
    expect(view.status).toBe('ended');
  });
});
