/**
 * The server's tests run against real server processes (`node packages/server/dist/main.js`,
 * as `npm start` runs it) on 127.0.0.1, over real sockets, with a real database: SQLite in a
 * fresh directory, or PostgreSQL at TAFL_TEST_PG. Every process started here is killed when
 * the test file ends, whatever happens.
 */

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  makeMoveSquares,
  playMoveRecord,
  presetById,
  startingPosition,
  type Position,
  type Side,
} from '@tafl/core';
import pg from 'pg';
import { WebSocket, type ClientOptions } from 'ws';
import type { CreateGameRequest, ErrorBody, GameView, SeatGrant, ServerMessage } from '../src/protocol.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN = join(ROOT, 'packages/server/dist/main.js');

const children = new Set<ChildProcess>();
process.once('exit', () => children.forEach((c) => c.kill('SIGKILL')));

export interface ServerProcess {
  readonly url: string;
  readonly ws: string;
  readonly child: ChildProcess;
  /** What the process wrote to stderr. */
  readonly log: () => string;
  /** What the process wrote to stdout. */
  readonly out: () => string;
  /** SIGTERM, and wait for the exit. */
  stop(): Promise<void>;
  /** SIGKILL, and wait for the exit. */
  kill(): Promise<void>;
}

export interface ServerSetup {
  /** SQLite directory (default: a fresh one) or a PostgreSQL URL. */
  readonly dataDir?: string;
  readonly databaseUrl?: string;
  /** More environment for the process (TAFL_HTTP_RATE defaults to 0, no limit, in tests). */
  readonly env?: Record<string, string>;
}

export function tempDir(prefix = 'tafl-server-'): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The databases the tests run on: SQLite always, PostgreSQL when TAFL_TEST_PG is set. */
export const BACKENDS: readonly ('sqlite' | 'postgres')[] = process.env.TAFL_TEST_PG
  ? ['sqlite', 'postgres']
  : ['sqlite'];

/** A fresh, empty database of a backend for servers to share, and its removal. */
export async function freshDatabase(
  backend: 'sqlite' | 'postgres',
): Promise<{ setup: ServerSetup; remove: () => Promise<void> }> {
  if (backend === 'sqlite') {
    const dir = tempDir();
    return { setup: { dataDir: dir.dir }, remove: async () => dir.remove() };
  }
  const admin = process.env.TAFL_TEST_PG;
  if (!admin) throw new Error('TAFL_TEST_PG is not set');
  const name = `tafl_test_${randomBytes(5).toString('hex')}`;
  const run = async (statement: string): Promise<void> => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    setup: { databaseUrl: url.toString() },
    remove: () => run(`drop database if exists ${name} with (force)`),
  };
}

/**
 * The address in the server's listening line (listen.ts: "Brandubh & Ard Ri: http://…/" or
 * "… unix:/path", a JSON log line, and a plain one on a terminal): `http://127.0.0.1:PORT` or
 * `unix:/path`.
 */
export function listeningAddress(text: string): string | undefined {
  return /Brandubh & Ard Ri: (http:\/\/[^\s"/]+|unix:[^\s"]+)/.exec(text)?.[1];
}

export async function startServer(setup: ServerSetup = {}): Promise<ServerProcess> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: '0',
    TAFL_HTTP_RATE: '0',
    TAFL_MAX_WAITING_PER_CLIENT: '0',
    TAFL_SIGNUPS_PER_HOUR: '0',
    ...setup.env,
  };
  // On a Unix socket (SOCKET), no HOST nor PORT: the server refuses both at once.
  if (setup.env?.SOCKET) {
    delete env.HOST;
    delete env.PORT;
  }
  delete env.DATABASE_URL;
  if (setup.databaseUrl) env.DATABASE_URL = setup.databaseUrl;
  else env.DATA_DIR = setup.dataDir ?? tempDir().dir;
  const child = spawn(process.execPath, [MAIN], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => (children.delete(child), resolve())),
  );
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start: ${out}${err}`)), 30_000);
    // The listening line: a log line on stderr (at level info), or a plain one on a terminal.
    const look = (): void => {
      const address = listeningAddress(err) ?? listeningAddress(out);
      if (address) {
        clearTimeout(timer);
        resolve(address);
      }
    };
    child.stderr!.on('data', look);
    child.stdout!.on('data', look);
    void exited.then(() => reject(new Error(`the server exited (${child.exitCode}): ${out}${err}`)));
  });
  const end = (signal: NodeJS.Signals) => (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return {
    url,
    ws: url.replace(/^http/, 'ws') + '/api/ws',
    child,
    log: () => err,
    out: () => out,
    stop: end('SIGTERM'),
    kill: end('SIGKILL'),
  };
}

// ---------------------------------------------------------------------------------------------
// HTTP

export async function api<T>(
  base: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(base + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // a text body (the OTN record)
  }
  return { status: response.status, body: parsed as T };
}

export async function createGame(base: string, request: Partial<CreateGameRequest> = {}): Promise<SeatGrant> {
  const full: CreateGameRequest = {
    rules: 'brandub-fr',
    side: 'attackers',
    time: { kind: 'none' },
    name: 'Ailill',
    ...request,
  };
  const { status, body } = await api<SeatGrant | ErrorBody>(base, '/api/games', full);
  if (status !== 201) throw new Error(`create: ${status} ${JSON.stringify(body)}`);
  return body as SeatGrant;
}

export async function joinGame(base: string, id: string, name = 'Medb'): Promise<SeatGrant> {
  const { status, body } = await api<SeatGrant | ErrorBody>(base, `/api/games/${id}/join`, { name });
  if (status !== 200) throw new Error(`join: ${status} ${JSON.stringify(body)}`);
  return body as SeatGrant;
}

export async function fetchGame(base: string, id: string): Promise<GameView> {
  const { status, body } = await api<GameView>(base, `/api/games/${id}`);
  if (status !== 200) throw new Error(`game ${id}: ${status}`);
  return body;
}

// ---------------------------------------------------------------------------------------------
// WebSocket

/** A protocol client: sends JSON, keeps every message, and waits for the one it wants. */
export class Client {
  readonly messages: ServerMessage[] = [];
  private waiters: {
    match: (m: ServerMessage) => boolean;
    resolve: (m: ServerMessage) => void;
    reject: (e: Error) => void;
  }[] = [];
  private readonly taken = new Set<number>();

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as ServerMessage;
      const index = this.messages.push(message) - 1;
      const waiter = this.waiters.find((w) => w.match(message));
      if (!waiter) return;
      this.taken.add(index);
      this.waiters = this.waiters.filter((w) => w !== waiter);
      waiter.resolve(message);
    });
    // A closed connection answers nobody: whoever waits is told at once.
    socket.on('close', () => {
      const waiting = this.waiters;
      this.waiters = [];
      waiting.forEach((w) => w.reject(new Error('the connection closed')));
    });
  }

  /** `options`: the `ws` client's (a TLS certificate authority, a local address...). */
  static connect(url: string, options?: ClientOptions): Promise<Client> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, options);
      const client = new Client(socket);
      socket.once('open', () => resolve(client));
      socket.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first message of kind `t` (matching `match`) not taken yet, in arrival order. */
  next<T extends ServerMessage['t']>(
    t: T,
    match: (m: Extract<ServerMessage, { t: T }>) => boolean = () => true,
    ms = 10_000,
  ): Promise<Extract<ServerMessage, { t: T }>> {
    type M = Extract<ServerMessage, { t: T }>;
    const fits = (m: ServerMessage): boolean => m.t === t && match(m as M);
    const index = this.messages.findIndex((m, i) => !this.taken.has(i) && fits(m));
    if (index >= 0) {
      this.taken.add(index);
      return Promise.resolve(this.messages[index] as M);
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        match: fits,
        resolve: (m: ServerMessage) => (clearTimeout(timer), resolve(m as M)),
        reject: (e: Error) => (clearTimeout(timer), reject(e)),
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(
          new Error(`no ${t} message within ${ms} ms; last: ${JSON.stringify(this.messages.slice(-3))}`),
        );
      }, ms);
      this.waiters.push(waiter);
    });
  }

  /** Every `move` message of a game received so far, in order. */
  moves(game: string): string[] {
    return this.messages.flatMap((m) => (m.t === 'move' && m.game === game ? [m.move] : []));
  }

  close(): void {
    this.socket.terminate();
  }
}

/** A game two test players play at random (backup.test.ts, backup-pg.test.ts). */
export interface PlayedGame {
  readonly id: string;
  readonly tokens: Record<Side, string>;
  pos: Position;
  /** Moves the server confirmed (sent back as `move` messages), in order. */
  readonly confirmed: string[];
}

/** `count` games of brandub-fr created and joined at `base`, for playRandomly. */
export async function openGames(base: string, count: number): Promise<PlayedGame[]> {
  const rules = presetById('brandub-fr')!;
  const games: PlayedGame[] = [];
  for (let i = 0; i < count; i++) {
    const a = await createGame(base, { rules: rules.id, side: 'attackers' });
    const d = await joinGame(base, a.game.id);
    games.push({
      id: a.game.id,
      tokens: { attackers: a.token, defenders: d.token },
      pos: startingPosition(rules),
      confirmed: [],
    });
  }
  return games;
}

/**
 * Plays random legal moves in `game` through one WebSocket per seat at `url`, one every `paceMs`
 * or so, each awaited until the server confirms it, until `stopped()` or the game is over. Once
 * `stopped()` (the server may have been killed under it), a failure is no longer an error: what
 * was confirmed is what counts.
 */
export async function playRandomly(
  url: string,
  game: PlayedGame,
  stopped: () => boolean,
  paceMs = 20,
): Promise<void> {
  const seats = { attackers: await Client.connect(url), defenders: await Client.connect(url) };
  try {
    for (const side of ['attackers', 'defenders'] as const)
      seats[side].send({ t: 'watch', game: game.id, token: game.tokens[side], from: game.confirmed.length });
    while (!stopped() && !game.pos.isOver()) {
      await new Promise((r) => setTimeout(r, paceMs));
      const side = game.pos.turn;
      const moves = game.pos.legalMoves();
      const move = makeMoveSquares(game.pos.geo, moves[Math.floor(Math.random() * moves.length)]!);
      seats[side].send({ t: 'move', game: game.id, token: game.tokens[side], ply: game.pos.ply, move });
      const confirmed = await seats[side].next('move', (m) => m.ply === game.pos.ply + 1, 20_000);
      if (!playMoveRecord(game.pos, move).ok) throw new Error(`${move} was confirmed but is not legal`);
      game.confirmed.push(confirmed.move);
    }
  } catch (e) {
    if (!stopped()) throw e;
  } finally {
    seats.attackers.close();
    seats.defenders.close();
  }
}

// ---------------------------------------------------------------------------------------------
// A database that hangs, goes down and comes back

/**
 * A TCP relay on 127.0.0.1 (to PostgreSQL, in the tests) that passes bytes both ways, stalls
 * them (`mode = 'hang'`: a database that hangs), or stops listening and cuts every connection
 * (`down()`: a database that is down), and listens again on the same port (`up()`).
 */
export class Relay {
  mode: 'pass' | 'hang' = 'pass';
  port = 0;
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();

  constructor(
    private readonly host: string,
    private readonly upstreamPort: number,
  ) {}

  /** A relay, listening, to the database of `databaseUrl`; and that URL through the relay. */
  static async to(databaseUrl: string): Promise<{ relay: Relay; databaseUrl: string }> {
    const url = new URL(databaseUrl);
    const relay = new Relay(url.hostname, Number(url.port || 5432));
    await relay.up();
    url.hostname = '127.0.0.1';
    url.port = String(relay.port);
    return { relay, databaseUrl: url.toString() };
  }

  /** Listens (again, on the same port once it has one). */
  async up(): Promise<void> {
    const server = createServer((client) => {
      this.sockets.add(client);
      client.on('close', () => this.sockets.delete(client));
      client.on('error', () => {});
      if (this.mode === 'hang') return;
      const upstream = connect(this.upstreamPort, this.host);
      this.sockets.add(upstream);
      upstream.on('close', () => (this.sockets.delete(upstream), client.destroy()));
      client.on('close', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
      // Bytes stop flowing, both ways, while the relay hangs.
      client.on('data', (d: Buffer) => void (this.mode === 'pass' && upstream.write(d)));
      upstream.on('data', (d: Buffer) => void (this.mode === 'pass' && client.write(d)));
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    const address = server.address();
    if (typeof address === 'object' && address) this.port = address.port;
    this.server = server;
  }

  /** Cuts every connection (bytes dropped while hanging cannot be resent: they cannot go on). */
  cut(): void {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
  }

  /** Nothing listens at the port any more, and every connection is cut. */
  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    this.cut();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
