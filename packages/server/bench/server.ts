/**
 * `npm run bench`, the server's part: the online server under the load of many games at once,
 * measured from outside as players see it. It starts a real server process (`dist/main.js`, a
 * free port; SQLite in a fresh directory of os.tmpdir(), or a fresh PostgreSQL database), creates
 * the games over HTTP, opens one WebSocket per seat (two per game) and has every client play
 * random legal moves, each keeping its own core Position of its game and answering its
 * opponent's `move` message with a move of its own.
 *
 * For each backend (SQLite; PostgreSQL when there is one: TAFL_BENCH_PG, DATABASE_URL, or a
 * throwaway server started with scripts/pg-temp.sh), runs each with fresh servers: paced (each
 * game moves on a jittered schedule, so that the games together offer `--rate` moves a second,
 * the target: 1,000 moves a second with the 99th percentile under 50 ms), at full speed (every
 * client answers at once), and on PostgreSQL at full speed with two server processes sharing
 * the database (half the games with both players on one process, half split across both;
 * `--split same` puts both players of every game on one). After a
 * warm-up it measures over a fixed window the moves confirmed a second and the latency from a
 * move sent to the opponent receiving it, then the memory and CPU of the server and of this
 * process. Then, on each backend, hostile input (hostile-input.ts): /healthz and a move's
 * confirmation, quiet and while `--attackers` client addresses send costly input at the rate the
 * server allows. It prints figures; it never fails on them (it fails only if the server does).
 *
 *     node packages/server/dist/bench/server.js [--games 2000] [--seconds 20] [--warmup 5]
 *         [--rate 1000] [--mode all|both|full|paced|input] [--backend both|sqlite|postgres]
 *         [--rules mixed|id,id...] [--batch 200] [--seed N] [--timeline] [--split mixed|same]
 *         [--attackers 3]
 *
 * BENCH_SERVER_NODE_ARGS are node's options for the server: `--cpu-prof --cpu-prof-dir=/tmp/p`
 * profiles it under the load.
 */

import {
  PRESETS,
  makeMoveSquares,
  parseRules,
  playMoveRecord,
  presetById,
  seededRandom,
  startingPosition,
  type Position,
  type Ruleset,
  type Side,
} from '@tafl/core';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { WebSocket, type RawData } from 'ws';
import { buildServer, DEFAULT_WEB_ROOT } from '@tafl/server';
import {
  RATE_BURST,
  RATE_PER_SECOND,
  type ErrorBody,
  type GameView,
  type SeatGrant,
  type ServerMessage,
} from '@tafl/server/protocol';
import { ServerProcess, type Memory, type Stopped } from './bench-process.js';
import { hostileInput, inputReport } from './hostile-input.js';
import { databaseSize, findPostgres, freshDatabase } from './postgres.js';

// ---------------------------------------------------------------------------------------------
// Options

type Mode = 'full' | 'paced' | 'two';
type Backend = 'sqlite' | 'postgres';

interface Options {
  readonly games: number;
  readonly seconds: number;
  readonly warmup: number;
  /** The paced run's offered load, moves a second for all games together. */
  readonly rate: number;
  readonly modes: readonly Mode[];
  /** The hostile-input scenario, after the runs of `modes`. */
  readonly input: boolean;
  /** Its attacking client addresses. */
  readonly attackers: number;
  readonly backends: readonly Backend[];
  readonly rules: readonly string[];
  /** Sockets opened (and games watched) at once. */
  readonly batch: number;
  readonly seed: number;
  /** Print moves and latency second by second. */
  readonly timeline: boolean;
  /** Two processes: both players of a game on one (same), or half the games split (mixed). */
  readonly split: 'mixed' | 'same';
}

const USAGE = `usage: node packages/server/dist/bench/server.js [--games N] [--seconds S] [--warmup S] [--rate R]
       [--mode all|both|full|paced|input] [--backend both|sqlite|postgres] [--rules mixed|ID,ID...] [--batch N]
       [--seed N] [--attackers N]
  --games    games played at once, two WebSocket clients each (default 2000)
  --seconds  the measured window (default 20)
  --warmup   seconds of play before the window (default 5)
  --rate     the paced run's offered load, moves a second for all games (default 1000)
  --mode     all (default): both runs then hostile input; both runs only, or only the
             full-speed or the paced one (on PostgreSQL, full speed is also measured with two
             server processes), or only hostile input (its windows are --seconds long)
  --backend  both (default: PostgreSQL when TAFL_BENCH_PG or DATABASE_URL is set or it is
             installed), or only one  --rules    preset ids, round robin over the games; mixed (default) is every preset
  --batch    sockets opened at once (default 200)
  --seed     the random moves' seed (default: random)
  --timeline print the moves and latencies of every second of the window
  --split    two processes: mixed (default: half the games have a player on each) or same
             (both players of every game on one process, as routing by game would do)
  --attackers  hostile input: the attacking client addresses, 127.0.0.2 on (default 3)`;

function parseSplit(values: Map<string, string>): 'mixed' | 'same' {
  const split = values.get('split') ?? 'mixed';
  values.delete('split');
  if (split !== 'mixed' && split !== 'same') throw new Error('--split is mixed or same');
  return split;
}

function parseOptions(argv: readonly string[]): Options {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') {
      process.stdout.write(USAGE + '\n');
      process.exit(0);
    }
    if (arg === '--timeline') {
      values.set('timeline', 'yes');
      continue;
    }
    const m = /^--([a-z]+)(?:=(.*))?$/.exec(arg);
    const value = m?.[2] ?? argv[++i];
    if (!m || value === undefined) throw new Error(`${arg}?\n${USAGE}`);
    values.set(m[1]!, value);
  }
  const number = (key: string, fallback: number, min: number): number => {
    const text = values.get(key);
    values.delete(key);
    const n = text === undefined ? fallback : Number(text);
    if (!Number.isFinite(n) || n < min) throw new Error(`--${key} must be a number of at least ${min}`);
    return n;
  };
  const mode = values.get('mode') ?? 'all';
  values.delete('mode');
  if (!['all', 'both', 'full', 'paced', 'input'].includes(mode))
    throw new Error(`--mode is all, both, full, paced or input`);
  const backend = values.get('backend') ?? 'both';
  values.delete('backend');
  if (backend !== 'both' && backend !== 'sqlite' && backend !== 'postgres')
    throw new Error(`--backend is both, sqlite or postgres`);
  const timeline = values.delete('timeline');
  const rulesText = values.get('rules') ?? 'mixed';
  values.delete('rules');
  const rules = rulesText === 'mixed' ? PRESETS.map((r) => r.id) : rulesText.split(',');
  for (const id of rules)
    if (!presetById(id))
      throw new Error(`--rules: no preset ${id} (presets: ${PRESETS.map((r) => r.id).join(', ')})`);
  const options: Options = {
    games: Math.floor(number('games', 2000, 1)),
    seconds: number('seconds', 20, 1),
    warmup: number('warmup', 5, 0),
    rate: number('rate', 1000, 1),
    // The paced run first: the full-speed run leaves this process a large heap to collect, whose
    // pauses would be counted as the paced run's latency.
    modes: mode === 'all' || mode === 'both' ? ['paced', 'full'] : mode === 'input' ? [] : [mode as Mode],
    input: mode === 'all' || mode === 'input',
    attackers: Math.floor(number('attackers', 3, 1)),
    backends: backend === 'both' ? ['sqlite', 'postgres'] : [backend],
    rules,
    batch: Math.floor(number('batch', 200, 1)),
    seed: Math.floor(number('seed', Math.floor(Math.random() * 2 ** 31), 0)),
    timeline,
    split: parseSplit(values),
  };
  if (values.size > 0) throw new Error(`unknown option --${[...values.keys()][0]}\n${USAGE}`);
  return options;
}

// ---------------------------------------------------------------------------------------------
// Small tools

/** An error's message, and its cause's (fetch puts the reason there). */
const describe = (e: unknown): string =>
  e instanceof Error
    ? e.message +
      (e.cause === undefined ? '' : ` (${e.cause instanceof Error ? e.cause.message : String(e.cause)})`)
    : String(e);

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const say = (text: string): void => void process.stderr.write(text + '\n');

/** Runs `work` over `items`, at most `limit` at a time. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

async function post<T>(base: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T | ErrorBody;
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json as T;
}

const rulesCache = new Map<string, Ruleset>();
function rulesOf(game: GameView): Ruleset {
  let rules = rulesCache.get(game.rules);
  if (!rules) {
    rules = game.rulesId === null ? undefined : presetById(game.rulesId);
    if (!rules) {
      const parsed = parseRules(game.rules);
      if (parsed.ok) rules = parsed.value;
    }
    if (!rules) throw new Error(`the rules of game ${game.id} do not parse: ${game.rules}`);
    rulesCache.set(game.rules, rules);
  }
  return rules;
}

// ---------------------------------------------------------------------------------------------
// One run: its figures as it goes

type Phase = 'setup' | 'warmup' | 'measure' | 'drain' | 'closing';

class Run {
  phase: Phase = 'setup';
  readonly rng: () => number;
  /** Paced: the mean milliseconds between two moves of one game. */
  readonly interval: number;
  moves = 0;
  readonly latencies: number[] = [];
  /** When each latency was measured, in ms since the window opened. */
  readonly arrivals: number[] = [];
  windowStart = 0;
  gamesEnded = 0;
  readonly refusals = new Map<string, number>();
  readonly anomalies: string[] = [];
  desyncs = 0;
  closes = 0;
  failures = 0;

  constructor(
    readonly mode: Mode,
    readonly options: Options,
    /** One, or two sharing a PostgreSQL database. */
    readonly servers: readonly ServerProcess[],
  ) {
    this.rng = seededRandom(options.seed + (mode === 'paced' ? 1 : 0));
    this.interval = (1000 * options.games) / options.rate;
  }

  get playing(): boolean {
    return this.phase === 'warmup' || this.phase === 'measure';
  }

  get measuring(): boolean {
    return this.phase === 'measure';
  }

  /** Something that should not happen (but what happens as the run closes is no matter). */
  note(kind: 'refusal' | 'desync' | 'close' | 'failure', text: string): void {
    if (this.phase === 'closing') return;
    if (kind === 'desync') this.desyncs++;
    if (kind === 'close') this.closes++;
    if (kind === 'failure') this.failures++;
    if (this.anomalies.length < 8) this.anomalies.push(`${kind}: ${text}`);
  }
}

// ---------------------------------------------------------------------------------------------
// The clients

/** Sends at most 90% of the server's rate, so no client is ever refused for rate. */
const BUCKET_SIZE = RATE_BURST - 10;
const BUCKET_RATE = (RATE_PER_SECOND * 0.9) / 1000;

/** One player: a WebSocket, the seat it holds in its pair's game, and its own Position. */
class Bot {
  socket: WebSocket | undefined;
  token = '';
  side: Side = 'attackers';
  pos: Position | undefined;
  private tokens = BUCKET_SIZE;
  private refilled = performance.now();
  private hello: (() => void) | undefined;
  private stated: (() => void) | undefined;

  constructor(
    readonly pair: Pair,
    readonly run: Run,
    /** The server process this player is connected to. */
    readonly server: ServerProcess,
  ) {}

  connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(this.server.ws, { perMessageDeflate: false });
      this.socket = socket;
      let open = false;
      const timer = setTimeout(() => reject(new Error('no hello within 30 s')), 30_000);
      this.hello = () => {
        open = true;
        clearTimeout(timer);
        resolve();
      };
      socket.on('message', (data, isBinary) => this.receive(data, isBinary));
      socket.on('error', (e) => {
        if (!open) {
          clearTimeout(timer);
          reject(e);
        } else if (this.run.phase !== 'closing') this.run.note('failure', `socket error: ${e.message}`);
      });
      socket.on('close', (code, reason) => {
        if (open && this.run.phase !== 'closing')
          this.run.note('close', `the server closed a client socket: ${code} ${reason.toString()}`);
      });
    });
  }

  /** Milliseconds until the client may send again without going over the rate. */
  private wait(): number {
    const now = performance.now();
    this.tokens = Math.min(BUCKET_SIZE, this.tokens + (now - this.refilled) * BUCKET_RATE);
    this.refilled = now;
    return this.tokens >= 1 ? 0 : Math.ceil((1 - this.tokens) / BUCKET_RATE);
  }

  send(message: object): void {
    this.wait();
    this.tokens -= 1;
    this.socket?.send(JSON.stringify(message));
  }

  /** Watches the pair's game with the seat's token; resolves on the `state` answer. */
  watch(previous?: string): Promise<void> {
    this.pos = undefined;
    if (previous) this.send({ t: 'unwatch', game: previous });
    return new Promise((resolve) => {
      this.stated = resolve;
      this.send({ t: 'watch', game: this.pair.game, token: this.token });
    });
  }

  private receive(data: RawData, isBinary: boolean): void {
    if (isBinary) return this.run.note('failure', 'a binary message from the server');
    let m: ServerMessage;
    try {
      m = JSON.parse(data.toString()) as ServerMessage;
    } catch {
      return this.run.note('failure', `a message that is not JSON: ${data.toString().slice(0, 80)}`);
    }
    switch (m.t) {
      case 'hello':
        this.hello?.();
        this.hello = undefined;
        return;
      case 'state':
        return this.state(m.game, m.you);
      case 'move':
        return this.move(m);
      case 'update':
        if (m.game.id === this.pair.game && (m.game.status === 'ended' || m.game.status === 'aborted'))
          this.pair.over(m.game.id);
        return;
      case 'error': {
        this.run.refusals.set(m.code, (this.run.refusals.get(m.code) ?? 0) + 1);
        this.run.note('refusal', `${m.code} ${m.message}`);
        return;
      }
      default:
        return;
    }
  }

  private state(game: GameView, you: Side | null): void {
    if (game.id !== this.pair.game) return;
    if (you !== this.side) this.run.note('desync', `watch of ${game.id} gave seat ${you}, not ${this.side}`);
    const pos = startingPosition(rulesOf(game));
    for (const move of game.moves)
      if (!playMoveRecord(pos, move).ok) return this.run.note('desync', `state of ${game.id}: ${move}?`);
    this.pos = pos;
    this.stated?.();
    this.stated = undefined;
    this.pair.seen();
  }

  private move(m: Extract<ServerMessage, { t: 'move' }>): void {
    const pos = this.pos;
    if (m.game !== this.pair.game || !pos) return;
    if (m.ply !== pos.ply + 1)
      return this.run.note(
        'desync',
        `${m.game}: move ${m.move} at ply ${m.ply}, the client is at ${pos.ply}`,
      );
    const mover = pos.turn;
    if (!playMoveRecord(pos, m.move).ok)
      return this.run.note('desync', `${m.game}: ${m.move} does not play at ply ${pos.ply}`);
    const run = this.run;
    if (mover === this.side) {
      if (run.measuring) run.moves++;
    } else {
      const sent = this.pair.sent;
      if (sent?.ply === m.ply) {
        if (run.measuring) {
          const now = performance.now();
          run.latencies.push(now - sent.at);
          run.arrivals.push(now - run.windowStart);
        }
        this.pair.sent = undefined;
      }
      if (!pos.isOver()) this.schedule();
    }
    if (pos.isOver()) this.pair.over(m.game);
  }

  /** Plays now (full speed), or when the game's pace says (paced); never over the rate. */
  schedule(first = false): void {
    const game = this.pair.game;
    const due = this.run.mode === 'paced' ? (first ? this.pair.due : this.pair.nextDue()) : 0;
    const delay = Math.max(due - performance.now(), this.wait());
    if (delay <= 0) this.play(game);
    else setTimeout(() => this.play(game), delay);
  }

  private play(game: string): void {
    const pos = this.pos;
    if (!this.run.playing || game !== this.pair.game || !pos || pos.isOver() || pos.turn !== this.side)
      return;
    const wait = this.wait();
    if (wait > 0) {
      setTimeout(() => this.play(game), wait);
      return;
    }
    const moves = pos.legalMoves();
    const move = makeMoveSquares(pos.geo, moves[Math.floor(this.run.rng() * moves.length)]!);
    this.pair.sent = { ply: pos.ply + 1, at: performance.now() };
    this.send({ t: 'move', game, token: this.token, ply: pos.ply, move });
  }

  close(): void {
    this.socket?.terminate();
  }
}

/** Two bots and the game they play; a new game when one ends, while the run goes on. */
class Pair {
  game = '';
  readonly bots: readonly [Bot, Bot];
  /** The move in flight: its ply and when it was sent. */
  sent: { readonly ply: number; readonly at: number } | undefined;
  private ended = '';
  private seenBy = 0;
  /** Paced: when the game's next move is due. */
  due = 0;

  constructor(
    readonly index: number,
    readonly run: Run,
  ) {
    // With two servers, half the games have both players on one process and half one on each
    // (as a load balancer that knows nothing of games would spread them).
    const on = (k: number): ServerProcess => run.servers[k % run.servers.length]!;
    const other = run.options.split === 'same' ? index : Math.floor(index / 2);
    this.bots = [new Bot(this, run, on(index)), new Bot(this, run, on(other))];
  }

  /** Games this pair has played, so its rules go round the list. */
  private played = 0;

  get rules(): string {
    const list = this.run.options.rules;
    return list[(this.index + this.played) % list.length]!;
  }

  /** Creates a game over HTTP (the first bot, a random side) and joins it (the second). */
  async create(): Promise<void> {
    const [first, second] = this.bots;
    const name = `Bench ${this.index}`;
    const created = await post<SeatGrant>(first.server.url, '/api/games', {
      rules: this.rules,
      side: 'random',
      time: { kind: 'none' },
      name: `${name}a`,
    });
    const joined = await post<SeatGrant>(second.server.url, `/api/games/${created.game.id}/join`, {
      name: `${name}b`,
    });
    first.token = created.token;
    first.side = created.side;
    second.token = joined.token;
    second.side = joined.side;
    this.game = created.game.id;
    this.played++;
    this.sent = undefined;
    this.seenBy = 0;
  }

  /** When the next move is due: the last due time plus the mean interval, jittered ±50%. */
  nextDue(): number {
    const now = performance.now();
    const interval = this.run.interval;
    // A game that fell more than a whole interval behind starts afresh rather than bursting.
    if (this.due < now - interval) this.due = now;
    this.due += interval * (0.5 + this.run.rng());
    return this.due;
  }

  /** The first moves: paced games start spread over one interval. */
  start(): void {
    this.due = performance.now() + this.run.rng() * this.run.interval;
    this.mover()?.schedule(true);
  }

  private mover(): Bot | undefined {
    return this.bots.find((b) => b.pos && !b.pos.isOver() && b.pos.turn === b.side);
  }

  /** A bot has the game's state; once both have, a running game starts. */
  seen(): void {
    if (++this.seenBy === 2 && this.run.playing) {
      this.due = performance.now();
      this.mover()?.schedule();
    }
  }

  over(id: string): void {
    if (this.ended === id) return;
    this.ended = id;
    if (this.run.measuring) this.run.gamesEnded++;
    if (!this.run.playing) return;
    const previous = this.game;
    this.create().then(
      () => {
        for (const bot of this.bots) void bot.watch(previous);
      },
      (e: unknown) => this.run.note('failure', `a new game: ${describe(e)}`),
    );
  }
}

// ---------------------------------------------------------------------------------------------
// A run

interface Figures {
  readonly mode: Mode;
  readonly backend: Backend;
  readonly games: number;
  readonly createPerSecond: number;
  readonly connectPerSecond: number;
  readonly watchPerSecond: number;
  readonly seconds: number;
  readonly moves: number;
  readonly latencies: Float64Array;
  readonly gamesEnded: number;
  readonly refusals: ReadonlyMap<string, number>;
  readonly anomalies: readonly string[];
  readonly desyncs: number;
  readonly closes: number;
  readonly failures: number;
  /** Moves sent that the opponent had not received 5 s after the window. */
  readonly lost: number;
  readonly server: Memory;
  readonly serverCpu: number;
  readonly clientRss: number;
  readonly clientCpu: number;
  readonly clientLoopP99: number;
  readonly databaseBytes: number;
  readonly timeline: string;
  /** The machine's load average over the last minute, at the end of the window. */
  readonly load: number;
  /** How the server stopped after the run. */
  readonly stop: Stopped;
}

const BACKEND_NAMES: Record<Backend, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

const modeName = (mode: Mode, options: Options): string =>
  mode === 'full'
    ? 'full speed'
    : mode === 'two'
      ? 'full speed, two processes'
      : `paced at ${thousands(options.rate)} moves/s`;

/** One run on fresh servers: SQLite in a fresh directory, or a fresh database at `postgresUrl`. */
async function runOnce(
  mode: Mode,
  backend: Backend,
  options: Options,
  postgresUrl: string | undefined,
): Promise<Figures> {
  const label = `${BACKEND_NAMES[backend]}, ${modeName(mode, options)}`;
  const processes = mode === 'two' ? 2 : 1;
  say(`\n${label}: starting ${processes === 1 ? 'a server' : `${processes} servers`}`);
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const database = postgresUrl === undefined ? undefined : await freshDatabase(postgresUrl);
  let stopping = false;
  const servers: ServerProcess[] = [];
  try {
    // One after the other: each migrates the fresh database as it starts.
    for (let i = 0; i < processes; i++) servers.push(await ServerProcess.start(database?.url, nodeArgs));
  } catch (e) {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.drop();
    throw e;
  }
  for (const server of servers)
    server.child.once('exit', (code, signal) => {
      if (stopping) return;
      say(`the server stopped during the run (${code ?? signal}); its log:\n${server.log().slice(-4000)}`);
      process.exit(1);
    });
  const server = servers[0]!;
  const run = new Run(mode, options, servers);
  const pairs = Array.from({ length: options.games }, (_, i) => new Pair(i, run));
  let figures: Omit<Figures, 'stop'>;
  let stop: Stopped;
  const bots = pairs.flatMap((p) => p.bots);
  try {
    let t = performance.now();
    await pool(pairs, 16, (p) => p.create());
    const createPerSecond = (options.games * 2000) / (performance.now() - t);
    say(
      `${label}: ${options.games} games created and joined over HTTP (${Math.round(createPerSecond)} requests/s)`,
    );

    t = performance.now();
    for (let i = 0; i < bots.length; i += options.batch)
      await Promise.all(bots.slice(i, i + options.batch).map((b) => b.connect()));
    const connectPerSecond = (bots.length * 1000) / (performance.now() - t);
    t = performance.now();
    for (let i = 0; i < bots.length; i += options.batch)
      await Promise.all(bots.slice(i, i + options.batch).map((b) => b.watch()));
    const watchPerSecond = (bots.length * 1000) / (performance.now() - t);
    say(
      `${label}: ${bots.length} WebSockets open (${Math.round(connectPerSecond)}/s), ` +
        `every seat watching its game (${Math.round(watchPerSecond)}/s)`,
    );

    run.phase = 'warmup';
    for (const pair of pairs) pair.start();
    say(`${label}: playing; ${options.warmup} s of warm-up, then ${options.seconds} s measured`);
    await sleep(options.warmup * 1000);

    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const cpu = (): number => servers.reduce((sum, s) => sum + s.cpuMs(), 0);
    const serverCpu0 = cpu();
    const clientCpu0 = process.cpuUsage();
    run.phase = 'measure';
    const t0 = performance.now();
    run.windowStart = t0;
    await sleep(options.seconds * 1000);
    run.phase = 'drain';
    const elapsed = performance.now() - t0;
    const serverCpu = (cpu() - serverCpu0) / elapsed;
    const clientUsage = process.cpuUsage(clientCpu0);
    const clientCpu = (clientUsage.user + clientUsage.system) / 1000 / elapsed;
    loop.disable();

    // The moves in flight arrive; then the memory, with every client still connected.
    const drainEnd = performance.now() + 5000;
    while (pairs.some((p) => p.sent) && performance.now() < drainEnd) await sleep(50);
    const lost = pairs.filter((p) => p.sent).length;
    const memory = server.memory();
    const clientRss = process.memoryUsage().rss;
    const databaseBytes = database ? await databaseSize(database.url) : server.databaseBytes();
    figures = {
      mode,
      backend,
      games: options.games,
      createPerSecond,
      connectPerSecond,
      watchPerSecond,
      seconds: elapsed / 1000,
      moves: run.moves,
      latencies: Float64Array.from(run.latencies).sort(),
      gamesEnded: run.gamesEnded,
      refusals: run.refusals,
      anomalies: [...run.anomalies],
      desyncs: run.desyncs,
      closes: run.closes,
      failures: run.failures,
      lost,
      server: memory,
      serverCpu,
      clientRss,
      clientCpu,
      clientLoopP99: loop.percentile(99) / 1e6,
      databaseBytes,
      timeline: options.timeline ? timeline(run) : '',
      load: loadavg()[0]!,
    };
  } finally {
    run.phase = 'closing';
    for (const bot of bots) bot.close();
    stopping = true;
    // A profiled server takes long to write its profile as it exits.
    const stops = await Promise.all(servers.map((s) => s.stop(nodeArgs.length > 0 ? 120_000 : 10_000)));
    // The slowest stop stands for the run.
    stop = stops.reduce((a, b) => (b.killed || b.ms > a.ms ? b : a));
    say(`${label}: ${stops.map((s) => `the server stopped: ${s.text}`).join('; ')}`);
    // What went wrong on the servers' side, if anything (their info lines are no matter here).
    for (const s of servers) {
      const log = s.log();
      const all = log.split('\n');
      // The log keeps its last 50 kB or more: its first line may be the end of a cut one.
      if (log.length >= 50_000) all.shift();
      const lines = all.filter((line) => line.trim() !== '' && !line.startsWith('{"level":"info"'));
      if (lines.length > 0)
        say(
          `${label}: server ${s.pid} logged ${lines.length} warnings or errors, the last:\n${lines.slice(-5).join('\n')}`,
        );
    }
    await database
      ?.drop()
      .catch((e: unknown) => say(`${label}: the database was not dropped: ${describe(e)}`));
  }
  return { ...figures, stop };
}

// ---------------------------------------------------------------------------------------------
// The table

const thousands = (n: number, digits = 0): string =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : '-';
const mb = (bytes: number): string => thousands(bytes / 2 ** 20, 0);
const percent = (share: number): string => `${thousands(share * 100, 0)}%`;

/** The q-th quantile (nearest rank) of sorted values, in ms. */
function quantile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows
    .map((r) =>
      r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('   '),
    )
    .join('\n');
}

/** Moves and latency second by second. */
function timeline(run: Run): string {
  const seconds: number[][] = [];
  run.arrivals.forEach((at, i) => (seconds[Math.floor(at / 1000)] ??= []).push(run.latencies[i]!));
  const rows = [['second', 'moves', 'p50', 'p99', 'max']];
  seconds.forEach((list, i) => {
    const sorted = Float64Array.from(list ?? []).sort();
    rows.push([
      String(i),
      String(sorted.length),
      ...[0.5, 0.99, 1].map((q) => thousands(quantile(sorted, q), 1)),
    ]);
  });
  return table(rows);
}

function report(options: Options, results: readonly Figures[]): string {
  const short: Record<Mode, string> = { paced: 'paced', full: 'full speed', two: 'full, 2 processes' };
  const head = ['', ...results.map((r) => `${BACKEND_NAMES[r.backend]} ${short[r.mode]}`)];
  const row = (name: string, cell: (r: Figures) => string): string[] => [name, ...results.map(cell)];
  const refusals = (r: Figures): string => {
    const total = [...r.refusals.values()].reduce((a, b) => a + b, 0);
    return total === 0 ? '0' : `${total} (${[...r.refusals].map(([code, n]) => `${code} ${n}`).join(', ')})`;
  };
  const rows = [
    head,
    row('offered load (moves/s)', (r) =>
      r.mode === 'paced' ? thousands(options.rate) : 'as fast as answered',
    ),
    row('moves/s confirmed', (r) => thousands(r.moves / r.seconds)),
    row('latency to the opponent, p50 (ms)', (r) => thousands(quantile(r.latencies, 0.5), 1)),
    row('latency to the opponent, p99 (ms)', (r) => thousands(quantile(r.latencies, 0.99), 1)),
    row('latency to the opponent, max (ms)', (r) => thousands(quantile(r.latencies, 1), 1)),
    row('moves measured', (r) => thousands(r.latencies.length)),
    row('games finished in the window', (r) => thousands(r.gamesEnded)),
    row('refusals', refusals),
    row('lost moves, desyncs, dropped sockets', (r) => `${r.lost}, ${r.desyncs}, ${r.closes}`),
    row('failures (HTTP, sockets)', (r) => String(r.failures)),
    row('server CPU (of one core; both processes)', (r) => percent(r.serverCpu)),
    row('server RSS at the end (MB; the first process)', (r) => mb(r.server.rss)),
    row('server RSS peak (MB; the first process)', (r) => mb(r.server.peak)),
    row('client CPU (of one core)', (r) => percent(r.clientCpu)),
    row('client RSS at the end (MB)', (r) => mb(r.clientRss)),
    row('client event-loop delay p99 (ms)', (r) => thousands(r.clientLoopP99, 1)),
    row('database size at the end (MB)', (r) => mb(r.databaseBytes)),
    row('machine load average (1 min)', (r) => thousands(r.load, 1)),
    row('server stop after SIGTERM', (r) =>
      r.stop.killed
        ? `killed after ${r.stop.ms / 1000} s`
        : `${thousands(r.stop.ms)} ms, exit ${r.stop.code}`,
    ),
    row('setup: HTTP creates+joins/s', (r) => thousands(r.createPerSecond)),
    row('setup: sockets opened/s', (r) => thousands(r.connectPerSecond)),
    row('setup: watches answered/s', (r) => thousands(r.watchPerSecond)),
  ];
  let out = table(rows) + '\n';
  const busy = results.find((r) => r.load > availableParallelism() + 1);
  if (busy)
    out +=
      `\nthe machine was busy with more than this benchmark (load ${thousands(busy.load, 1)} on ` +
      `${availableParallelism()} cores): the figures are low\n`;
  out += '\n';
  for (const backend of new Set(results.map((r) => r.backend))) {
    const name = BACKEND_NAMES[backend];
    const paced = results.find((r) => r.backend === backend && r.mode === 'paced');
    if (paced) {
      const rate = paced.moves / paced.seconds;
      const p99 = quantile(paced.latencies, 0.99);
      const refused = [...paced.refusals.values()].reduce((a, b) => a + b, 0);
      const met = rate >= 0.97 * options.rate && p99 < 50 && refused === 0 && paced.lost === 0;
      out +=
        `${name}, paced: ${thousands(options.rate)} moves/s with the 99th percentile under 50 ms: ` +
        `${met ? 'met' : 'NOT met'} (${thousands(rate)} moves/s, p99 ${thousands(p99, 1)} ms)\n`;
    }
    const full = results.find((r) => r.backend === backend && r.mode === 'full');
    if (full)
      out +=
        `${name}, full speed: ${thousands(full.moves / full.seconds)} moves/s, ` +
        `p99 ${thousands(quantile(full.latencies, 0.99), 1)} ms\n`;
    const two = results.find((r) => r.backend === backend && r.mode === 'two');
    if (two && full)
      out +=
        `${name}, two server processes on one database (${
          options.split === 'same'
            ? 'both players of each game on one'
            : 'half the games with a player on each'
        }): ${thousands(two.moves / two.seconds)} moves/s, ` +
        `${thousands(two.moves / two.seconds / (full.moves / full.seconds), 2)} times one process\n`;
  }
  const runName = (r: Figures): string => `${BACKEND_NAMES[r.backend]} ${short[r.mode]}`;
  for (const r of results)
    if (r.timeline) out += `\n${runName(r)} run, second by second (latency in ms):\n${r.timeline}\n`;
  for (const r of results)
    if (r.anomalies.length > 0)
      out += `\n${runName(r)} run, the first anomalies:\n${r.anomalies.map((a) => `  ${a}`).join('\n')}\n`;
  return out;
}

// ---------------------------------------------------------------------------------------------
// The app's files: the largest script as brotli, gzip and plain, from a server of its own

/** One GET of `path`, timed to the last byte; the bytes as sent. */
function timedGet(
  base: string,
  path: string,
  encoding: string | undefined,
): Promise<{ ms: number; bytes: number }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(base + path, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () =>
        res.statusCode === 200 && res.headers['content-encoding'] === encoding
          ? resolve({ ms: performance.now() - start, bytes })
          : reject(
              new Error(
                `${path} (${encoding ?? 'identity'}): ${res.statusCode} ${res.headers['content-encoding']}`,
              ),
            ),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

async function staticFiles(): Promise<string> {
  const assets = join(DEFAULT_WEB_ROOT, 'assets');
  const scripts = existsSync(assets) ? readdirSync(assets).filter((f) => f.endsWith('.js')) : [];
  if (scripts.length === 0) return 'the app is not built: no static figures\n';
  const largest = scripts
    .map((f) => ({ f, size: statSync(join(DEFAULT_WEB_ROOT, 'assets', f)).size }))
    .sort((a, b) => b.size - a.size)[0]!.f;
  const app = await buildServer({ webRoot: DEFAULT_WEB_ROOT });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const rows = [['/assets/' + largest, 'bytes sent', 'p50 (ms)', 'p99 (ms)', 'at 10 Mbit/s (ms)']];
    for (const encoding of ['br', 'gzip', undefined]) {
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < 200; i++) {
        const got = await timedGet(base, `/assets/${largest}`, encoding);
        if (i >= 20) times.push(got.ms);
        bytes = got.bytes;
      }
      const sorted = Float64Array.from(times).sort();
      rows.push([
        encoding ?? 'identity',
        thousands(bytes),
        thousands(quantile(sorted, 0.5), 2),
        thousands(quantile(sorted, 0.99), 2),
        thousands((bytes * 8) / 10_000, 1),
      ]);
    }
    return table(rows) + '\n';
  } finally {
    await app.close();
  }
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  let backends = options.backends;
  let postgres: ReturnType<typeof findPostgres> | undefined;
  let skipped = '';
  if (backends.includes('postgres')) {
    postgres = findPostgres();
    if ('skipped' in postgres) {
      if (backends.length === 1) throw new Error(`PostgreSQL cannot be measured: ${postgres.skipped}`);
      skipped = `PostgreSQL skipped: ${postgres.skipped}`;
      backends = backends.filter((b) => b !== 'postgres');
    }
  }
  const where =
    postgres && 'url' in postgres ? `; PostgreSQL from ${postgres.from}, a fresh database for each run` : '';
  say(
    options.modes.length === 0
      ? `server benchmark: hostile input from ${options.attackers} addresses, ` +
          `${backends.map((b) => BACKEND_NAMES[b]).join(' and ')}${where}`
      : `server benchmark: ${options.games} games, ${options.games * 2} WebSocket clients, ` +
          `${backends.map((b) => BACKEND_NAMES[b]).join(' and ')}${where}, ` +
          `rules ${options.rules.length === PRESETS.length ? 'mixed (every preset)' : options.rules.join(',')}, ` +
          `seed ${options.seed}`,
  );
  if (skipped) say(skipped);
  const results: Figures[] = [];
  const hostile: string[] = [];
  try {
    for (const backend of backends) {
      const url = backend === 'postgres' && postgres && 'url' in postgres ? postgres.url : undefined;
      const modes: Mode[] = [...options.modes];
      if (backend === 'postgres' && modes.includes('full')) modes.push('two');
      for (const mode of modes) results.push(await runOnce(mode, backend, options, url));
      if (options.input)
        hostile.push(
          inputReport(
            await hostileInput(BACKEND_NAMES[backend], url, options.seconds, options.attackers, say),
          ),
        );
    }
  } finally {
    if (postgres && 'stop' in postgres) postgres.stop?.();
  }
  if (hostile.length > 0) process.stdout.write(`\n${hostile.join('\n')}`);
  if (results.length === 0) return;
  process.stdout.write(
    `\nthe server under load: ${options.games} games, ${options.games * 2} WebSocket clients, ` +
      `${backends.map((b) => BACKEND_NAMES[b]).join(' and ')}${where}; ` +
      `${options.seconds} s measured after ${options.warmup} s of warm-up\n` +
      (skipped ? `${skipped}\n` : '') +
      report(options, results),
  );
  // The precompressed files cost the server nothing per request: the time is the bytes'.
  const files = await staticFiles().catch((e: unknown) => `not measured: ${String(e)}\n`);
  process.stdout.write(`\nthe app's largest script, over 127.0.0.1 (200 requests each):\n${files}`);
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    say(`bench: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    process.exit(1);
  },
);
