/**
 * `npm run bench`, hostile input: what one client's costly input costs everybody else. A real
 * server process (SQLite in a fresh directory, or a fresh PostgreSQL database) runs with the
 * limits it has in production (TAFL_HTTP_RATE 2 writes a second with a burst of 30, 32
 * WebSockets a client, 20 messages a second a socket). A game is played, a move every 50 ms,
 * each timed from the move sent to its confirmation (the mover's own `move` message), and
 * `/healthz` is polled every 20 ms: first for a quiet window, then for as long again while
 * attackers from several client addresses (127.0.0.2, 127.0.0.3...: Linux answers on all of
 * 127/8) each send as fast as the server lets one client:
 *
 * - PUT /api/games/ID/analysis of a finished game, 512 KiB of nested `[[[…]]]` (the route's
 *   largest body), a burst of 30 then 2 a second;
 * - WebSocket frames larger than the server reads (70 KiB), 20 a second, each on a new socket
 *   (the server closes a socket that sends one);
 * - WebSocket messages of 4 KiB of nested `[[[…]]]` (the largest message read), 19 a second on
 *   one socket (a socket may send 20).
 *
 * The attack (attacks.ts) runs on a worker thread, so that its work does not count in the times.
 *
 * It prints p50, p99 and max of /healthz and of a move's confirmation, quiet and under attack,
 * what the server answered the attackers, and how many lines the attack wrote to its log. It
 * never fails on a figure.
 */

import {
  makeMoveSquares,
  playMoveRecord,
  presetById,
  startingPosition,
  type Position,
  type Side,
} from '@tafl/core';
import type { SeatGrant } from '@tafl/server/protocol';
import { Agent } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { Socket, attackFrom, benchAttack, send, sleep } from './attacks.js';
import { ServerProcess } from './bench-process.js';
import { freshDatabase } from './postgres.js';

export interface InputFigures {
  readonly backend: string;
  readonly addresses: number;
  readonly seconds: number;
  /** The plies of the finished game the analyses were sent to. */
  readonly targetPlies: number;
  readonly quiet: Latencies;
  readonly attack: Latencies;
  /** What the server answered the attackers: `HTTP 400 msg/depth`, `ws closed 1009`... */
  readonly answers: ReadonlyMap<string, number>;
  /** The server's CPU time in each window, a share of one core. */
  readonly cpu: { readonly quiet: number; readonly attack: number };
  /** This process's event-loop delay in each window (its own stalls count in its figures). */
  readonly clientLoop: { readonly quiet: LoopDelay; readonly attack: LoopDelay };
  /** The machine's load average over the last minute, at the end. */
  readonly load: number;
  /** Lines the server wrote to its log during the attack, and how many held a stack trace. */
  readonly logLines: number;
  readonly stackLines: number;
}

interface LoopDelay {
  readonly p99: number;
  readonly max: number;
}

interface Latencies {
  readonly healthz: Float64Array;
  readonly moves: Float64Array;
}

const RULES = 'brandub-fr';

/** A game of two seats on two sockets, created and joined over HTTP from 127.0.0.1. */
class Game {
  readonly pos: Position = startingPosition(presetById(RULES)!);

  private constructor(
    readonly id: string,
    private readonly seats: Record<Side, { socket: Socket; token: string }>,
  ) {}

  static async start(base: string, agent: Agent): Promise<Game> {
    const create = JSON.stringify({ rules: RULES, side: 'attackers', time: { kind: 'none' }, name: 'Bench' });
    const created = await send(base, agent, 'POST', '/api/games', create);
    if (created.status !== 201) throw new Error(`create: ${created.status} ${created.body}`);
    const first = JSON.parse(created.body) as SeatGrant;
    const id = first.game.id;
    const joined = await send(
      base,
      agent,
      'POST',
      `/api/games/${id}/join`,
      JSON.stringify({ name: 'Bench' }),
    );
    if (joined.status !== 200) throw new Error(`join: ${joined.status} ${joined.body}`);
    const second = JSON.parse(joined.body) as SeatGrant;
    const ws = base.replace(/^http/, 'ws') + '/api/ws';
    const seats = {} as Record<Side, { socket: Socket; token: string }>;
    for (const grant of [first, second]) {
      const socket = await Socket.open(ws);
      const watched = socket.wait((m) => m.t === 'state' && m.game.id === id);
      socket.send({ t: 'watch', game: id, token: grant.token });
      if (!(await watched)) throw new Error(`no state of ${id}`);
      seats[grant.side] = { socket, token: grant.token };
    }
    return new Game(id, seats);
  }

  /** Plays one random legal move; the milliseconds until the mover has its confirmation. */
  async move(): Promise<number> {
    const pos = this.pos;
    const seat = this.seats[pos.turn];
    const legal = pos.legalMoves();
    const move = makeMoveSquares(pos.geo, legal[Math.floor(Math.random() * legal.length)]!);
    const ply = pos.ply;
    const sent = performance.now();
    const confirmed = seat.socket.wait((m) => m.t === 'move' && m.game === this.id && m.ply === ply + 1);
    seat.socket.send({ t: 'move', game: this.id, token: seat.token, ply, move });
    if (!(await confirmed)) throw new Error(`move ${ply + 1} of ${this.id} was not confirmed in 30 s`);
    playMoveRecord(pos, move);
    return performance.now() - sent;
  }

  /** The side to move resigns: the game is finished. */
  async resign(): Promise<void> {
    const seat = this.seats[this.pos.turn];
    const over = seat.socket.wait(
      (m) => m.t === 'update' && m.game.id === this.id && m.game.status === 'ended',
    );
    seat.socket.send({ t: 'resign', game: this.id, token: seat.token });
    await over;
  }

  close(): void {
    this.seats.attackers.socket.close();
    this.seats.defenders.socket.close();
  }
}

/**
 * Where a time measured now is kept: the list of the phase the measure started in (undefined
 * once the scenario is over).
 */
type Into = () => number[] | undefined;

/** Plays games one after another, a move every 50 ms, keeping each confirmation's time. */
async function play(base: string, agent: Agent, going: () => boolean, into: Into): Promise<void> {
  while (going()) {
    const game = await Game.start(base, agent);
    try {
      while (going() && !game.pos.isOver()) {
        const list = into();
        const took = await game.move();
        list?.push(took);
        await sleep(50);
      }
    } finally {
      game.close();
    }
  }
}

/** Polls /healthz every 20 ms, keeping each answer's time. */
async function poll(base: string, agent: Agent, going: () => boolean, into: Into): Promise<void> {
  while (going()) {
    const list = into();
    const sent = performance.now();
    const answer = await send(base, agent, 'GET', '/healthz');
    if (answer.status !== 200) throw new Error(`/healthz: ${answer.status}`);
    list?.push(performance.now() - sent);
    await sleep(20);
  }
}

interface Orders {
  readonly base: string;
  readonly target: string;
  readonly addresses: number;
  readonly seconds: number;
}

/**
 * The attack, on a thread of its own (this module, run as a worker), so that its work does not
 * count in the times the main thread measures; resolves what the server answered.
 */
function attackers(orders: Orders): Promise<Map<string, number>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: orders });
    worker.once('message', (answers: [string, number][]) => resolve(new Map(answers)));
    worker.once('error', reject);
  });
}

if (!isMainThread && parentPort) {
  const orders = workerData as Orders;
  const answers = new Map<string, number>();
  const answered = (what: string): void => void answers.set(what, (answers.get(what) ?? 0) + 1);
  const end = performance.now() + orders.seconds * 1000;
  const going = (): boolean => performance.now() < end;
  await Promise.all(
    Array.from({ length: orders.addresses }, (_, i) =>
      attackFrom(orders.base, `127.0.0.${i + 2}`, benchAttack(orders.target), going, answered),
    ),
  );
  // The answers still in flight arrive.
  await sleep(1000);
  parentPort.postMessage([...answers]);
}

const quantile = (sorted: Float64Array, q: number): number =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;

const sorted = (values: readonly number[]): Float64Array => Float64Array.from(values).sort();

/**
 * The scenario on one backend: a fresh server (on PostgreSQL at `postgresUrl`, else SQLite),
 * `seconds` quiet then `seconds` under the attack of `addresses` clients.
 */
export async function hostileInput(
  backend: string,
  postgresUrl: string | undefined,
  seconds: number,
  addresses: number,
  say: (text: string) => void,
): Promise<InputFigures> {
  const database = postgresUrl === undefined ? undefined : await freshDatabase(postgresUrl);
  // The limits a public server has: none of the benchmark's own exemptions.
  const server = await ServerProcess.start(database?.url, [], {
    TAFL_HTTP_RATE: '2',
    TAFL_MAX_CONNECTIONS: '10000',
    TAFL_MAX_CONNECTIONS_PER_ADDRESS: '128',
    TAFL_MAX_SOCKETS_PER_CLIENT: '32',
  });
  const agent = new Agent({ keepAlive: true, localAddress: '127.0.0.1' });
  try {
    // The attackers' target: a game played to its end (or resigned at 200 plies).
    const target = await Game.start(server.url, agent);
    while (!target.pos.isOver() && target.pos.ply < 200) {
      await target.move();
      // Two sockets of 20 messages a second each.
      await sleep(30);
    }
    if (!target.pos.isOver()) await target.resign();
    target.close();
    say(`${backend}, hostile input: the target game ended after ${target.pos.ply} plies`);

    let phase: 'quiet' | 'attack' | 'done' = 'quiet';
    const figures = {
      quiet: { healthz: [] as number[], moves: [] as number[] },
      attack: { healthz: [] as number[], moves: [] as number[] },
    };
    const going = (): boolean => phase !== 'done';
    const now = () => (phase === 'done' ? undefined : figures[phase]);
    const players = play(server.url, agent, going, () => now()?.moves);
    const poller = poll(server.url, agent, going, () => now()?.healthz);
    say(`${backend}, hostile input: ${seconds} s quiet`);
    const cpu0 = server.cpuMs();
    let loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    await sleep(seconds * 1000);
    const cpu1 = server.cpuMs();
    loop.disable();
    const quietLoop = { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 };
    loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    // The server's log lines from now on, but for one per request and socket.
    const logged: string[] = [];
    let partial = '';
    server.child.stderr!.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines)
        if (phase === 'attack' && !/"msg":"(request|websocket opened|websocket closed)"/.test(line))
          logged.push(line);
    });
    phase = 'attack';
    say(`${backend}, hostile input: ${seconds} s under attack from ${addresses} addresses`);
    const attacked = attackers({ base: server.url, target: target.id, addresses, seconds });
    await sleep(seconds * 1000);
    phase = 'done';
    const cpu2 = server.cpuMs();
    loop.disable();
    const attackLoop = { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 };
    const [answers] = await Promise.all([attacked, players, poller]);
    return {
      backend,
      addresses,
      seconds,
      targetPlies: target.pos.ply,
      quiet: { healthz: sorted(figures.quiet.healthz), moves: sorted(figures.quiet.moves) },
      attack: { healthz: sorted(figures.attack.healthz), moves: sorted(figures.attack.moves) },
      answers,
      cpu: { quiet: (cpu1 - cpu0) / (seconds * 1000), attack: (cpu2 - cpu1) / (seconds * 1000) },
      load: loadavg()[0]!,
      clientLoop: { quiet: quietLoop, attack: attackLoop },
      logLines: logged.length,
      stackLines: logged.filter((l) => l.includes('"stack"')).length,
    };
  } finally {
    agent.destroy();
    await server.stop();
    await database?.drop();
  }
}

const loopDelay = (d: LoopDelay): string => `${ms(d.p99)} / ${ms(d.max)}`;
const percent = (share: number): string => `${(share * 100).toFixed(0)}%`;
const ms = (n: number): string => (Number.isFinite(n) ? n.toFixed(1) : '-');
const spread = (values: Float64Array): string =>
  `${ms(quantile(values, 0.5))} / ${ms(quantile(values, 0.99))} / ${ms(quantile(values, 1))} (${values.length})`;

/** The scenario's figures as lines of text. */
export function inputReport(figures: InputFigures): string {
  const rows: [string, string, string][] = [
    ['', 'quiet', 'under attack'],
    ['/healthz p50 / p99 / max ms (samples)', spread(figures.quiet.healthz), spread(figures.attack.healthz)],
    ['move confirmed p50 / p99 / max ms (moves)', spread(figures.quiet.moves), spread(figures.attack.moves)],
    ['server CPU (of one core)', percent(figures.cpu.quiet), percent(figures.cpu.attack)],
    [
      'this process: event-loop delay p99 / max ms',
      loopDelay(figures.clientLoop.quiet),
      loopDelay(figures.clientLoop.attack),
    ],
  ];
  const widths = [0, 1, 2].map((c) => Math.max(...rows.map((r) => r[c]!.length)));
  const table = rows
    .map((r) =>
      r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('   '),
    )
    .join('\n');
  const answers = [...figures.answers]
    .sort((a, b) => b[1] - a[1])
    .map(([what, n]) => `${what}: ${n}`)
    .join(', ');
  return (
    `hostile input, ${figures.backend}: ${figures.addresses} attacking addresses, ${figures.seconds} s quiet then ${figures.seconds} s under attack ` +
    `(512 KiB nested bodies to the analysis of a finished game of ${figures.targetPlies} plies, a burst of 30 then 2/s; ` +
    `70 KiB WebSocket frames, 20/s; 4 KiB nested messages, 19/s; from each address)\n` +
    `${table}\n` +
    `the attackers were answered: ${answers}\n` +
    `the server's log during the attack: ${figures.logLines} lines (requests and sockets aside), ${figures.stackLines} with a stack trace\n` +
    `machine load average (1 min) at the end: ${figures.load.toFixed(1)} on ${availableParallelism()} cores\n`
  );
}
