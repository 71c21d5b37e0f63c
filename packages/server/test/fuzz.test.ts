/**
 * Fuzzing the real server: while two honest clients play whole games of random legal moves,
 * a fuzzer sends ten thousand random and mutated messages over many WebSocket connections
 * (reconnecting as it goes, and when refused or closed), and some mutated HTTP requests. The
 * fuzzer holds the tokens of games it created itself and uses them to try to act in the others.
 *
 * Afterwards: the server is up; every refusal it sent has a known code and a sentence; none is
 * a `server/error`; the honest games hold exactly the moves the honest clients made and ended
 * by rule; the games the fuzzer did not own are exactly as they were; and every game's moves
 * replay legally. FUZZ_SEED=<seed> repeats a run (the seed is printed), FUZZ_MESSAGES=<n>
 * changes the number of messages.
 */

import {
  makeMoveSquares,
  opposite,
  parseMove,
  parseRules,
  playMoveRecord,
  presetById,
  startingPosition,
  type Position,
  type Side,
} from '@tafl/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, type RawData } from 'ws';
import { ERROR_CODES, type GameView, type ServerMessage } from '../src/protocol.js';
import { Rng, fuzzFrame, type FuzzContext, type FuzzGame, type Frame } from './fuzz-messages.js';
import {
  Client,
  api,
  createGame,
  fetchGame,
  joinGame,
  startServer,
  tempDir,
  type ServerProcess,
} from './harness.js';

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const MESSAGES = Number(process.env.FUZZ_MESSAGES ?? 10_000);
/** WebSocket lanes sending at once, each reconnecting many times. */
const LANES = 6;
const HONEST_RULES = ['brandub-fr', 'ard-ri-fr'];

let server: ServerProcess;
const data = tempDir();
const clients: Client[] = [];

beforeAll(async () => {
  server = await startServer({ dataDir: data.dir });
});
afterAll(async () => {
  clients.forEach((c) => c.close());
  await server?.stop();
  data.remove();
});

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function connect(): Promise<Client> {
  const client = await Client.connect(server.ws);
  clients.push(client);
  await client.next('hello');
  return client;
}

const rulesOf = (view: GameView) => {
  const preset = view.rulesId === null ? undefined : presetById(view.rulesId);
  if (preset) return preset;
  const parsed = parseRules(view.rules);
  if (!parsed.ok) throw new Error(`game ${view.id}: its rules do not parse: ${view.rules}`);
  return parsed.value;
};

/** The squares of a move record (`d2-c2xc3+` is `d2-c2`). */
function squaresOf(pos: Position, record: string): string {
  const parsed = parseMove(pos.geo, record);
  if (!parsed.ok) throw new Error(`${record}: ${parsed.message}`);
  return makeMoveSquares(pos.geo, parsed.value.move);
}

// ---------------------------------------------------------------------------------------------
// What the fuzzer sees

/** Everything the server said to the fuzzer, checked as it arrives. */
class Observations {
  readonly codes = new Map<string, number>();
  readonly closes = new Map<string, number>();
  readonly kinds = new Map<string, number>();
  /** Broken promises of the protocol, each with the evidence. */
  readonly offences: string[] = [];
  connections = 0;
  refusedConnections = 0;
  sent = 0;
  httpRequests = 0;

  count(map: Map<string, number>, key: string): void {
    map.set(key, (map.get(key) ?? 0) + 1);
  }

  /** Each offence once (long runs of one character shortened), at most 50. */
  offence(text: string): void {
    const short = text.replace(/(.)\1{15,}/g, (run, c: string) => `${c.repeat(3)}...(${run.length})`);
    if (this.offences.length < 50 && !this.offences.includes(short)) this.offences.push(short);
  }

  /** A refusal, over the WebSocket or HTTP: a known code and a sentence. */
  refusal(code: unknown, message: unknown, where: string): void {
    this.count(this.codes, String(code));
    if (typeof code !== 'string' || !(ERROR_CODES as readonly string[]).includes(code))
      this.offence(`${where}: a refusal with an unknown code ${JSON.stringify(code)}`);
    if (typeof message !== 'string' || message.trim().length === 0)
      this.offence(`${where}: the refusal ${String(code)} has no message`);
  }

  /** A server message on a fuzzing connection, checked; undefined if it is not one. */
  receive(data: RawData, isBinary: boolean, owned: ReadonlyMap<string, unknown>): ServerMessage | undefined {
    if (isBinary) return void this.offence('a binary frame from the server');
    let m: ServerMessage;
    try {
      m = JSON.parse(data.toString()) as ServerMessage;
    } catch {
      return void this.offence(`a message that is not JSON: ${data.toString().slice(0, 100)}`);
    }
    if (typeof m !== 'object' || m === null) return void this.offence(`not an object: ${data.toString()}`);
    if (m.t === 'error') this.refusal(m.code, m.message, 'ws');
    else if (m.t === 'state' && m.you !== null && !owned.has(m.game.id))
      this.offence(`watching ${m.game.id}, not the fuzzer's, gave it the seat of the ${m.you}`);
    else if (!['hello', 'state', 'move', 'update', 'presence', 'pong'].includes(m.t))
      this.offence(`a message of unknown kind: ${data.toString().slice(0, 100)}`);
    return m;
  }
}

/** One fuzzing connection. */
class FuzzSocket {
  /** The server said `rate/limited`. */
  limited = false;

  private constructor(readonly socket: WebSocket) {}

  get open(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  /** Connects and waits for `hello`; undefined if the server refused or dropped the connection. */
  static open(
    url: string,
    seen: Observations,
    owned: ReadonlyMap<string, unknown>,
  ): Promise<FuzzSocket | undefined> {
    return new Promise((resolve) => {
      const socket = new WebSocket(url, { perMessageDeflate: false });
      const timer = setTimeout(() => (socket.terminate(), resolve(undefined)), 10_000);
      let fuzz: FuzzSocket | undefined;
      socket.on('message', (data, isBinary) => {
        if (!fuzz) {
          fuzz = new FuzzSocket(socket);
          clearTimeout(timer);
          resolve(fuzz);
        }
        const m = seen.receive(data, isBinary, owned);
        if (m?.t === 'error' && m.code === 'rate/limited') fuzz.limited = true;
      });
      socket.on('error', () => {
        clearTimeout(timer);
        if (!fuzz) resolve(undefined);
      });
      socket.on('close', (code) => {
        clearTimeout(timer);
        seen.count(seen.closes, String(code));
        if (!fuzz) resolve(undefined);
      });
    });
  }

  send(frame: Frame): void {
    if (this.open) this.socket.send(frame.data, { binary: frame.binary });
  }
}

/** A game the fuzzer owns or watches, its position kept from the `move` messages it sees. */
class TrackedGame implements FuzzGame {
  pos: Position | undefined;

  constructor(
    readonly id: string,
    readonly tokens: Partial<Record<Side, string>>,
  ) {}
}

/**
 * The fuzzer's own games: one connection watches them and keeps their positions, adopts the
 * rematches (the same tokens, the sides swapped), and replaces the games that end (the fuzzer
 * resigns, aborts and agrees draws too), so that there are always some to play in.
 */
class Owned {
  /** The games being played (or waiting). */
  readonly live = new Map<string, TrackedGame>();
  /** Every game the fuzzer ever held a token of. */
  readonly all = new Map<string, TrackedGame>();
  private readonly retired: TrackedGame[] = [];
  private creating = 0;
  private created = 0;
  private tracker!: Client;

  constructor(
    private readonly seen: Observations,
    private readonly going: () => boolean,
  ) {}

  async start(): Promise<void> {
    this.tracker = await connect();
    this.tracker.socket.on('message', (data) => this.receive(JSON.parse(String(data)) as ServerMessage));
    // One waiting for its second player, for good.
    const waiting = await createGame(server.url, { rules: 'plazoleta', side: 'random', name: 'Fuzz alone' });
    this.add(new TrackedGame(waiting.game.id, { [waiting.side]: waiting.token }));
    await Promise.all([0, 1, 2].map(() => this.create()));
  }

  /** The games to act in: the live ones, and a few that have ended. */
  games(): TrackedGame[] {
    return [...this.live.values(), ...this.retired.slice(-3)];
  }

  private add(game: TrackedGame): void {
    if (this.all.has(game.id)) return;
    this.live.set(game.id, game);
    this.all.set(game.id, game);
    this.tracker.send({ t: 'watch', game: game.id });
  }

  /** A new game, both seats the fuzzer's. */
  private async create(): Promise<void> {
    const rules = ['brandub-fr', 'ard-ri-fr', 'brandubh-2019', 'opentafl-brandub'][this.created++ % 4]!;
    this.creating++;
    try {
      const first = await createGame(server.url, { rules, side: 'random', name: 'Fuzz' });
      const second = await joinGame(server.url, first.game.id, 'Fuzz too');
      this.add(new TrackedGame(first.game.id, { [first.side]: first.token, [second.side]: second.token }));
    } catch (e) {
      this.seen.offence(`the fuzzer could not create a game: ${String(e)}`);
    } finally {
      this.creating--;
    }
  }

  private receive(m: ServerMessage): void {
    if (m.t === 'state') {
      const game = this.live.get(m.game.id);
      if (!game) return;
      const pos = startingPosition(rulesOf(m.game));
      for (const move of m.game.moves) playMoveRecord(pos, move);
      game.pos = pos;
    } else if (m.t === 'move') {
      const pos = this.live.get(m.game)?.pos;
      if (pos && m.ply === pos.ply + 1) playMoveRecord(pos, m.move);
    } else if (m.t === 'update') {
      const game = this.all.get(m.game.id);
      if (!game) return;
      const { attackers, defenders } = game.tokens;
      if (m.game.rematch !== null && attackers && defenders)
        this.add(new TrackedGame(m.game.rematch, { attackers: defenders, defenders: attackers }));
      if ((m.game.status === 'ended' || m.game.status === 'aborted') && this.live.delete(game.id)) {
        // Still watched for a while, as a rematch may come after the end; under MAX_WATCHED.
        this.retired.push(game);
        const old = this.retired[this.retired.length - 11];
        if (old) this.tracker.send({ t: 'unwatch', game: old.id });
        if (this.live.size + this.creating < 4 && this.going()) void this.create();
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The honest players

interface HonestGame {
  readonly id: string;
  readonly pos: Position;
  /** The moves the honest clients sent, as squares. */
  readonly sent: string[];
}

/**
 * Two honest clients play games of random legal moves, one after another, until the fuzzer is
 * done (at least one game); each move is checked as both players receive it.
 */
async function playHonestly(
  rng: Rng,
  fuzzing: () => boolean,
  current: (game: HonestGame) => void,
): Promise<{ games: HonestGame[]; clients: Client[] }> {
  const players = [await connect(), await connect()];
  const games: HonestGame[] = [];
  let previous: string | undefined;
  while (games.length === 0 || fuzzing()) {
    const rules = rng.pick(HONEST_RULES);
    const first = await createGame(server.url, { rules, side: 'random', name: 'Honest Aoife' });
    const second = await joinGame(server.url, first.game.id, 'Honest Bran');
    const id = first.game.id;
    const seats = {} as Record<Side, { client: Client; token: string }>;
    for (const [client, grant] of [
      [players[0]!, first],
      [players[1]!, second],
    ] as const) {
      if (previous) client.send({ t: 'unwatch', game: previous });
      client.send({ t: 'watch', game: id, token: grant.token });
      const state = await client.next('state', (m) => m.game.id === id);
      expect(state.you).toBe(grant.side);
      seats[grant.side] = { client, token: grant.token };
    }
    const game: HonestGame = { id, pos: startingPosition(presetById(rules)!), sent: [] };
    games.push(game);
    current(game);
    const pos = game.pos;
    while (!pos.isOver()) {
      // At most one move every 30 ms in a game, so each player stays under the rate.
      await sleep(fuzzing() ? rng.between(30, 70) : 30);
      const me = seats[pos.turn];
      const other = seats[opposite(pos.turn)];
      const legal = pos.legalMoves();
      const move = makeMoveSquares(pos.geo, legal[rng.int(legal.length)]!);
      const ply = pos.ply;
      me.client.send({ t: 'move', game: id, token: me.token, ply, move });
      const confirmed = await me.client.next('move', (m) => m.game === id && m.ply === ply + 1, 20_000);
      const received = await other.client.next('move', (m) => m.game === id && m.ply === ply + 1, 20_000);
      expect(received.move).toBe(confirmed.move);
      expect(squaresOf(pos, confirmed.move)).toBe(move);
      expect(playMoveRecord(pos, confirmed.move).ok).toBe(true);
      game.sent.push(move);
    }
    for (const client of players)
      await client.next('update', (m) => m.game.id === id && m.game.status !== 'playing', 20_000);
    previous = id;
  }
  return { games, clients: players };
}

// ---------------------------------------------------------------------------------------------
// The fuzzer

async function fuzzLane(
  lane: number,
  context: () => FuzzContext,
  seen: Observations,
  owned: Owned,
  going: () => boolean,
): Promise<void> {
  const rng = new Rng(SEED + 7919 * (lane + 1));
  let failures = 0;
  while (going()) {
    const socket = await FuzzSocket.open(server.ws, seen, owned.all);
    if (!socket) {
      seen.refusedConnections++;
      if (++failures > 50) throw new Error('the server refused 50 connections in a row');
      await sleep(rng.between(50, 300));
      continue;
    }
    failures = 0;
    seen.connections++;
    // Mostly bursts under the rate then a new connection; sometimes a slow trickle that lasts
    // a while; sometimes a flood far over the rate, which the server refuses or cuts off.
    const style = rng.weighted({ burst: 74, trickle: 23, flood: 3 });
    const n =
      style === 'burst'
        ? rng.between(5, 55)
        : style === 'trickle'
          ? rng.between(5, 25)
          : rng.between(100, 300);
    // Refused for rate: a new connection (but a flood goes on regardless).
    for (let i = 0; i < n && going() && socket.open && (style === 'flood' || !socket.limited); i++) {
      const frame = fuzzFrame(rng, context());
      seen.count(seen.kinds, frame.kind);
      socket.send(frame);
      seen.sent++;
      if (style === 'trickle') await sleep(rng.between(40, 90));
    }
    await sleep(rng.between(10, 80));
    if (rng.chance(0.5)) socket.socket.close();
    else socket.socket.terminate();
  }
}

/** A POST with any content type. */
async function post(
  path: string,
  body: string,
  contentType: string,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(server.url + path, {
    method: 'POST',
    headers: contentType ? { 'content-type': contentType } : {},
    body,
  });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    return { status: response.status, body: text };
  }
}

/** Mutated HTTP requests: bodies of every wrong shape, ids of every wrong form. */
async function fuzzHttp(
  rng: Rng,
  context: () => FuzzContext,
  taken: () => string[],
  seen: Observations,
  going: () => boolean,
): Promise<void> {
  const names: unknown[] = [
    'F',
    '',
    ' ',
    'x'.repeat(25),
    'a\u0000b',
    'tab\there',
    7,
    null,
    ['n'],
    '💥'.repeat(24),
  ];
  const rules: unknown[] = [
    'brandub-fr',
    'nope',
    '',
    'x'.repeat(1025),
    'dim:7',
    'dim:99 layout:???',
    3,
    null,
  ];
  const sides: unknown[] = ['attackers', 'defenders', 'random', 'kings', '', null, 1];
  const times: unknown[] = [
    { kind: 'none' },
    { kind: 'none', days: 1 },
    { kind: 'correspondence', days: 0 },
    { kind: 'correspondence', days: 15 },
    { kind: 'live', baseMs: 999, incrementMs: 0 },
    { kind: 'live', baseMs: 1000, incrementMs: -1 },
    { kind: 'blitz' },
    'none',
    null,
  ];
  while (going()) {
    const ctx = context();
    const kind = rng.weighted({ create: 4, join: 4, get: 2, raw: 1, type: 1 });
    let path = '/api/games';
    let body: unknown;
    let contentType = 'application/json';
    if (kind === 'create') {
      const request: Record<string, unknown> = {
        rules: rng.pick(rules),
        side: rng.pick(sides),
        time: rng.pick(times),
        name: rng.pick(names),
      };
      if (rng.chance(0.2)) delete request[rng.pick(Object.keys(request))];
      if (rng.chance(0.1)) request.extra = 1;
      body = request;
    } else if (kind === 'join') {
      // Games with both seats taken: anyone may join an open game, and that would change it.
      const id = rng.pick([...taken(), 'AAAAAAAAAA', '..%2F..%2F', 'x'.repeat(300), '%00', '%E0%A4%A']);
      path = `/api/games/${id}/join`;
      body = rng.chance(0.8)
        ? { name: rng.pick(names) }
        : rng.pick<unknown>([[], 'name', { name: 'A', x: 1 }]);
    } else if (kind === 'raw') {
      body = rng.pick(['{"rules":', '', 'null', '[]', '{"__proto__":{"x":1}}', 'x'.repeat(20_000)]);
    } else if (kind === 'type') {
      contentType = rng.pick([
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/json; charset=latin1',
        '',
      ]);
      body = JSON.stringify({ rules: 'brandub-fr', side: 'random', time: { kind: 'none' }, name: 'Typed' });
    } else {
      path = rng.pick([
        `/api/games/${rng.pick(ctx.victims).id}`,
        `/api/games/${rng.pick(ctx.victims).id}/record`,
        '/api/games/%2e%2e',
        '/api/games/%E0%A4%A',
        `/api/games/${'y'.repeat(150)}`,
        `/api/games/${'Z'.repeat(10)}/record`,
        '/api/lobby',
        '/api/nothing',
      ]);
    }
    const response =
      kind === 'type'
        ? await post(path, body as string, contentType)
        : await api<unknown>(server.url, path, body);
    seen.httpRequests++;
    if (response.status >= 500)
      seen.offence(`HTTP ${path}: ${response.status} ${JSON.stringify(response.body)}`);
    else if (response.status >= 400) {
      const error = (response.body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
      seen.refusal(error?.code, error?.message, `HTTP ${response.status} ${path}`);
    }
    await sleep(rng.between(5, 40));
  }
}

// ---------------------------------------------------------------------------------------------
// The games the fuzzer must not change

/** A game waiting for its second player, one being played with a draw offer, one ended. */
async function bystanders(rng: Rng): Promise<string[]> {
  const waiting = await createGame(server.url, { name: 'Waiting Ailbe' });
  const playing = await createGame(server.url, {
    rules: 'ard-ri-fr',
    side: 'attackers',
    name: 'Busy Cathal',
  });
  const playingSecond = await joinGame(server.url, playing.game.id, 'Busy Deirdre');
  const ended = await createGame(server.url, { side: 'defenders', name: 'Done Emer' });
  const endedSecond = await joinGame(server.url, ended.game.id, 'Done Fionn');
  const client = await connect();
  const id = playing.game.id;
  const tokens: Record<Side, string> = { attackers: playing.token, defenders: playingSecond.token };
  client.send({ t: 'watch', game: id });
  await client.next('state', (m) => m.game.id === id);
  const pos = startingPosition(presetById('ard-ri-fr')!);
  for (let ply = 0; ply < 3; ply++) {
    const legal = pos.legalMoves();
    const move = makeMoveSquares(pos.geo, legal[rng.int(legal.length)]!);
    client.send({ t: 'move', game: id, token: tokens[pos.turn], ply, move });
    expect(
      playMoveRecord(pos, (await client.next('move', (m) => m.game === id && m.ply === ply + 1)).move).ok,
    ).toBe(true);
  }
  client.send({ t: 'draw', game: id, token: tokens[pos.turn], act: 'offer' });
  await client.next('update', (m) => m.game.id === id && m.game.drawOffer !== null);
  client.send({ t: 'watch', game: ended.game.id });
  await client.next('state', (m) => m.game.id === ended.game.id);
  client.send({ t: 'resign', game: ended.game.id, token: endedSecond.token });
  await client.next('update', (m) => m.game.id === ended.game.id && m.game.status === 'ended');
  client.close();
  return [waiting.game.id, id, ended.game.id];
}

/** Every move of a stored game replays from the start, and a game ended by rule ended so. */
function checkReplay(view: GameView): string | undefined {
  const pos = startingPosition(rulesOf(view));
  for (const [i, move] of view.moves.entries()) {
    const played = playMoveRecord(pos, move);
    if (!played.ok) return `game ${view.id}: move ${i + 1} ${move} does not replay: ${played.message}`;
  }
  if (view.moves.length !== view.ply)
    return `game ${view.id}: ply ${view.ply} but ${view.moves.length} moves`;
  const outcome = pos.outcome();
  const byRule = outcome.status !== 'ongoing';
  if (view.status === 'playing' && byRule)
    return `game ${view.id} is over by rule (${outcome.reason}) but playing`;
  if (view.status === 'ended' && byRule && view.result?.reason !== outcome.reason)
    return `game ${view.id} ended ${JSON.stringify(view.result)}, by rule it is ${JSON.stringify(outcome)}`;
  return undefined;
}

// ---------------------------------------------------------------------------------------------

describe('fuzzing the WebSocket API', () => {
  it(`survives ${MESSAGES} random and mutated messages while a game is played (seed ${SEED})`, async () => {
    console.log(`fuzz seed ${SEED} (FUZZ_SEED=${SEED} repeats it)`);
    const started = Date.now();
    const rng = new Rng(SEED);
    const seen = new Observations();

    const bystanderIds = await bystanders(rng);
    const before = await Promise.all(bystanderIds.map((id) => fetchGame(server.url, id)));

    // The players stop after the game they are playing when the fuzzer is done (or fails); the
    // fuzzer stops at once if the players fail.
    let fuzzing = true;
    let stopped = false;
    const going = (): boolean => !stopped && seen.sent < MESSAGES;

    // The fuzzer's own games: some it plays both sides of, one waiting for a second player.
    const owned = new Owned(seen, going);
    await owned.start();

    const honestGames: HonestGame[] = [];
    const context = (): FuzzContext => ({
      victims: [
        ...honestGames.map((g) => ({ id: g.id, tokens: {}, pos: g.pos })),
        ...bystanderIds.map((id) => ({ id, tokens: {}, pos: undefined })),
      ],
      owned: owned.games(),
    });
    let honestEnded = false;
    const honest = playHonestly(
      new Rng(SEED ^ 0x5eed),
      () => fuzzing,
      (game) => honestGames.push(game),
    ).then(
      (value) => ((honestEnded = true), value),
      (e: unknown) => {
        honestEnded = stopped = true;
        throw e;
      },
    );
    // Its failure is thrown below, once the fuzzer has stopped too.
    honest.catch(() => undefined);
    // The fuzzer starts once the first honest game is on.
    while (honestGames.length === 0 && !honestEnded) await sleep(5);
    const taken = (): string[] => [...honestGames.map((g) => g.id), ...bystanderIds.slice(1)];
    const fuzz = Promise.all([
      ...Array.from({ length: LANES }, (_, lane) => fuzzLane(lane, context, seen, owned, going)),
      fuzzHttp(new Rng(SEED ^ 0x4777), context, taken, seen, going),
    ]).finally(() => (fuzzing = false));
    const [fuzzed, honestly] = await Promise.allSettled([fuzz, honest]);
    if (honestly.status === 'rejected') throw honestly.reason;
    if (fuzzed.status === 'rejected') throw fuzzed.reason;
    const { games: played, clients: players } = honestly.value;
    const seconds = (Date.now() - started) / 1000;

    console.log(
      [
        `fuzz seed ${SEED}: ${seen.sent} WebSocket messages over ${seen.connections} connections ` +
          `(${seen.refusedConnections} refused), ${seen.httpRequests} HTTP requests, in ${seconds.toFixed(1)} s`,
        `  sent: ${[...seen.kinds].map(([k, n]) => `${k} ${n}`).join(', ')}`,
        `  refusals: ${[...seen.codes].map(([k, n]) => `${k} ${n}`).join(', ')}`,
        `  closes: ${[...seen.closes].map(([k, n]) => `${k} ${n}`).join(', ')}`,
        `  honest games: ${played.map((g) => `${g.sent.length} moves`).join(', ')}`,
        `  the fuzzer's games: ${owned.all.size}`,
      ].join('\n'),
    );
    const evidence = (): string => `seed ${SEED}; server log:\n${server.log().slice(-3000)}`;

    // The server is up: health, and a new WebSocket that answers.
    expect(server.child.exitCode, evidence()).toBeNull();
    expect((await api<{ ok: boolean }>(server.url, '/healthz')).body).toEqual({ ok: true });
    const late = await connect();
    late.send({ t: 'ping', re: 99 });
    expect((await late.next('pong', (m) => m.re === 99)).t).toBe('pong');

    // Every refusal had a known code and a sentence; the protocol was kept; nothing failed inside.
    expect(seen.sent).toBe(MESSAGES);
    expect(seen.offences, evidence()).toEqual([]);
    expect(seen.codes.get('server/error') ?? 0, evidence()).toBe(0);

    // The honest games: exactly the honest moves, ended by rule; no offer or error ever reached them.
    expect(played.length).toBeGreaterThan(0);
    for (const game of played) {
      const view = await fetchGame(server.url, game.id);
      const outcome = game.pos.outcome();
      expect(outcome.status).not.toBe('ongoing');
      const replay = startingPosition(rulesOf(view));
      const squares = view.moves.map((m) => {
        const s = squaresOf(replay, m);
        playMoveRecord(replay, m);
        return s;
      });
      expect(squares, `honest game ${game.id}`).toEqual(game.sent);
      expect(view.status).toBe('ended');
      expect(view.result).toEqual({
        winner: outcome.status,
        reason: 'reason' in outcome ? outcome.reason : '',
      });
      expect([view.drawOffer, view.rematchOffer, view.rematch]).toEqual([null, null, null]);
    }
    for (const player of players) {
      expect(player.messages.filter((m) => m.t === 'error')).toEqual([]);
      expect(player.messages.filter((m) => m.t === 'update' && m.game.status === 'aborted')).toEqual([]);
      expect(
        player.messages.filter(
          (m) => m.t === 'update' && (m.game.drawOffer !== null || m.game.rematchOffer !== null),
        ),
      ).toEqual([]);
    }

    // The games the fuzzer did not own are exactly as they were.
    const after = await Promise.all(bystanderIds.map((id) => fetchGame(server.url, id)));
    expect(after).toEqual(before);

    // Every game replays; the fuzzer's own games too, whatever it did to them.
    const problems: string[] = [];
    for (const id of new Set([...played.map((g) => g.id), ...bystanderIds, ...owned.all.keys()])) {
      const problem = checkReplay(await fetchGame(server.url, id));
      if (problem) problems.push(problem);
    }
    expect(problems, evidence()).toEqual([]);
  }, 120_000);
});
