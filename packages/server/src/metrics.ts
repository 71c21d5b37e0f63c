/**
 * Prometheus metrics (prom-client), served as text on a port of their own (`serveMetrics`,
 * main.ts: METRICS_PORT and METRICS_HOST, default 127.0.0.1), never on the public one, and
 * only when METRICS_PORT is set: nothing about the server is public by accident.
 *
 * - `tafl_websockets_open`: open WebSockets (gauge).
 * - `tafl_games{status="waiting"|"playing"}`: games waiting for an opponent and being played,
 *   as the database counts them at each scrape.
 * - `tafl_moves_total`: moves accepted (counter: `rate(tafl_moves_total[1m])` is moves a second).
 * - `tafl_move_seconds`: a `move` message received to the hub's answer settled (histogram,
 *   `result` ok or refused).
 * - `tafl_db_seconds{method}`: each call of the store, to its end (histogram; `result` ok or
 *   error).
 * - `tafl_refusals_total{code,via}`: refusals sent, by code, over `http` or `ws`.
 * - prom-client's default metrics: process memory and CPU, event-loop lag, heap, handles.
 */

import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ErrorCode } from './protocol.js';

/** Seconds: a move answered in 1 ms to one held up 5 s (a database outage). */
const MOVE_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const DB_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export interface GameCounts {
  readonly waiting: number;
  readonly playing: number;
}

export class Metrics {
  readonly registry = new Registry();
  private readonly sockets: Gauge;
  private readonly moves: Counter;
  private readonly moveSeconds: Histogram<'result'>;
  private readonly dbSeconds: Histogram<'method' | 'result'>;
  private readonly refusals: Counter<'code' | 'via'>;
  private counts: (() => Promise<GameCounts>) | undefined;

  /** `defaults`: also prom-client's process metrics (memory, event-loop lag; default true). */
  constructor(options: { defaults?: boolean } = {}) {
    const registers = [this.registry];
    if (options.defaults ?? true) collectDefaultMetrics({ register: this.registry });
    this.sockets = new Gauge({ name: 'tafl_websockets_open', help: 'Open WebSockets.', registers });
    const counts = (): Promise<GameCounts> | undefined => this.counts?.();
    new Gauge({
      name: 'tafl_games',
      help: 'Games waiting for an opponent (status="waiting") and being played (status="playing").',
      labelNames: ['status'],
      registers,
      async collect() {
        const read = await counts()?.catch(() => undefined);
        if (!read) return;
        this.set({ status: 'waiting' }, read.waiting);
        this.set({ status: 'playing' }, read.playing);
      },
    });
    this.moves = new Counter({ name: 'tafl_moves_total', help: 'Moves accepted.', registers });
    this.moveSeconds = new Histogram({
      name: 'tafl_move_seconds',
      help: 'From a move message received to the answer settled, by result (ok or refused).',
      labelNames: ['result'],
      buckets: MOVE_BUCKETS,
      registers,
    });
    this.dbSeconds = new Histogram({
      name: 'tafl_db_seconds',
      help: 'Database calls, by method of the store and result (ok or error).',
      labelNames: ['method', 'result'],
      buckets: DB_BUCKETS,
      registers,
    });
    this.refusals = new Counter({
      name: 'tafl_refusals_total',
      help: 'Refusals sent, by code and by way (http or ws).',
      labelNames: ['code', 'via'],
      registers,
    });
  }

  /** Where `tafl_games` is read from at each scrape (it stays empty without). */
  countGames(source: () => Promise<GameCounts>): void {
    this.counts = source;
  }

  socketOpened(): void {
    this.sockets.inc();
  }

  socketClosed(): void {
    this.sockets.dec();
  }

  /** A move message answered after `seconds`: accepted (counted in tafl_moves_total) or refused. */
  move(seconds: number, accepted: boolean): void {
    this.moveSeconds.observe({ result: accepted ? 'ok' : 'refused' }, seconds);
    if (accepted) this.moves.inc();
  }

  refused(code: ErrorCode | string, via: 'http' | 'ws'): void {
    this.refusals.inc({ code, via });
  }

  db(method: string, seconds: number, ok: boolean): void {
    this.dbSeconds.observe({ method, result: ok ? 'ok' : 'error' }, seconds);
  }

  /** The Prometheus text format. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

/**
 * The store with every method call timed into `tafl_db_seconds{method}` (to its promise's
 * end), for the hub. Properties that are not functions (`dialect`, `stats`) pass through.
 */
export function instrumentStore<S extends object>(store: S, metrics: Metrics): S {
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(store, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      let fn = wrapped.get(property);
      if (!fn) {
        const method = value as (...args: unknown[]) => unknown;
        fn = (...args: unknown[]): unknown => {
          const started = performance.now();
          const done = (ok: boolean) => (): void =>
            metrics.db(property, (performance.now() - started) / 1000, ok);
          let result: unknown;
          try {
            result = method.apply(target, args);
          } catch (e) {
            done(false)();
            throw e;
          }
          if (result instanceof Promise) result.then(done(true), done(false));
          return result;
        };
        wrapped.set(property, fn);
      }
      return fn;
    },
  });
}

/**
 * `GET /metrics` on a port of its own (0: any free one); anything else is 404. Resolves with
 * the address once it listens.
 */
export async function serveMetrics(
  metrics: Metrics,
  host: string,
  port: number,
): Promise<{ server: Server; url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    const path = request.url?.replace(/\?.*$/s, '');
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    metrics.text().then(
      (text) => response.writeHead(200, { 'content-type': metrics.contentType }).end(text),
      (e: unknown) =>
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`${String(e)}\n`),
    );
  });
  server.requestTimeout = 10_000;
  server.headersTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const actual = typeof address === 'object' && address !== null ? address.port : port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${actual}/metrics`;
  return {
    server,
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
