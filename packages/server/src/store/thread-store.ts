/**
 * The embedded SQLite store, run in a worker thread (sqlite-worker.ts) so that the database's
 * synchronous work, above all the fsync of every COMMIT, never blocks the thread that serves
 * the sockets. Measured under the server benchmark (1,000 moves/s, 2,000 games), the commits
 * held the main thread for about a third of the wall time before.
 *
 * The same `KyselyStore` runs in the worker; this side forwards each call and settles its
 * promise with the answer. Its `stats` mirror the worker's after each answer. If the worker
 * dies, every call in flight and every later one fails, and `onFailure` is told: the caller
 * (main.ts) stops the process, for a process manager to start it again.
 */

import { Worker } from 'node:worker_threads';
import type { CommitStats } from './kysely-store.js';
import {
  PING_TIMEOUT_MS,
  withTimeout,
  type AnalysisRow,
  type ChangeNotice,
  type GameChange,
  type GameRow,
  type LobbyRows,
  type MoveRow,
  type Store,
  type StorePart,
} from './types.js';
import type { AccountStore } from './accounts.js';
import type { LimitStore } from './limits.js';
import type { MailStore } from './mail.js';
import type { RatingStore } from './ratings.js';
import type { TournamentStore } from './tournaments.js';

/** How one change of a `commitAll` went: applied or not, or the error that refused it. */
export type CommitOutcome =
  { readonly ok: true; readonly applied: boolean } | { readonly ok: false; readonly error: string };

/** What the worker starts with. */
export interface ThreadStart {
  readonly dataDir: string;
  readonly origin: string;
}

export interface ThreadRequest {
  readonly id: number;
  readonly method: string;
  readonly args: readonly unknown[];
}

export type ThreadReply = { readonly id: number; readonly stats: CommitStats } & (
  | { readonly ok: true; readonly value: unknown }
  | {
      readonly ok: false;
      readonly error: { readonly name: string; readonly message: string; readonly stack?: string };
    }
);

/**
 * The worker's script, next to this file in dist. Run from the TypeScript sources (the tests),
 * the built one is used: a worker thread cannot load TypeScript.
 */
const WORKER_URL = import.meta.url.endsWith('.ts')
  ? new URL('../../dist/store/sqlite-worker.js', import.meta.url)
  : new URL('./sqlite-worker.js', import.meta.url);

interface Waiting {
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
}

export class ThreadStore implements Store {
  readonly dialect = 'sqlite' as const;
  readonly stats: CommitStats = { batches: 0, changes: 0, largestBatch: 0, failedBatches: 0 };
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  private failure: Error | undefined;
  /** Opened: a failure from now on is reported to `onFailure` (before, `open` rejects). */
  private opened = false;
  private closed: Promise<void> | undefined;
  /** Changes committed in this turn of the event loop, sent together at its end. */
  private readonly outgoing: {
    readonly change: GameChange;
    readonly resolve: (applied: boolean) => void;
    readonly reject: (error: unknown) => void;
  }[] = [];
  readonly accounts = this.part<AccountStore>('accounts');
  readonly ratings = this.part<RatingStore>('ratings');
  readonly tournaments = this.part<TournamentStore>('tournaments');
  readonly limits = this.part<LimitStore>('limits');
  readonly mail = this.part<MailStore>('mail');

  private constructor(
    private readonly worker: Worker,
    private readonly onFailure: (error: Error) => void,
  ) {}

  /** Starts the worker and waits until it has opened the database (or failed to). */
  static open(start: ThreadStart, onFailure: (error: Error) => void = () => {}): Promise<ThreadStore> {
    const worker = new Worker(WORKER_URL, { workerData: start });
    const store = new ThreadStore(worker, onFailure);
    return new Promise((resolve, reject) => {
      store.waiting.set(0, {
        resolve: () => {
          store.opened = true;
          resolve(store);
        },
        reject: (e) => {
          void worker.terminate();
          reject(e);
        },
      });
      worker.on('message', (reply: ThreadReply) => store.answer(reply));
      worker.on('error', (e) => store.fail(e instanceof Error ? e : new Error(String(e))));
      worker.on('exit', (code) => {
        if (!store.closed) store.fail(new Error(`the database thread stopped (exit code ${code})`));
      });
    });
  }

  private answer(reply: ThreadReply): void {
    Object.assign(this.stats, reply.stats);
    const waiting = this.waiting.get(reply.id);
    if (!waiting) return;
    this.waiting.delete(reply.id);
    if (reply.ok) waiting.resolve(reply.value);
    else {
      const error = new Error(reply.error.message);
      error.name = reply.error.name;
      if (reply.error.stack) error.stack = reply.error.stack;
      waiting.reject(error);
    }
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    for (const waiting of this.waiting.values()) waiting.reject(error);
    this.waiting.clear();
    if (this.opened) this.onFailure(error);
  }

  private call<T>(method: string, ...args: unknown[]): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.closed) return Promise.reject(new Error('the store is closed'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ id, method, args } satisfies ThreadRequest);
    });
  }

  /** A part of the store whose every method is called in the worker (`part.method`). */
  private part<T extends object>(name: StorePart): T {
    return new Proxy({} as T, {
      get: (_target, method) =>
        // Not `then`: the part is not a promise, and may be returned from an async function.
        typeof method === 'string' && method !== 'then'
          ? (...args: unknown[]) => this.call(`${name}.${method}`, ...args)
          : undefined,
    });
  }

  migrate(): Promise<void> {
    return this.call('migrate');
  }

  secret(name: string): Promise<string> {
    return this.call('secret', name);
  }

  /**
   * The changes committed in one turn of this thread's event loop go to the worker in one
   * message (`commitAll`), where they join the same batch: changes made together are committed
   * together, however busy the machine (sent one by one, the worker could start a batch between
   * two of them).
   */
  commit(change: GameChange): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      const first = this.outgoing.length === 0;
      this.outgoing.push({ change, resolve, reject });
      if (!first) return;
      queueMicrotask(() => this.sendOutgoing());
    });
  }

  /** Sends the changes committed so far, in one message. */
  private sendOutgoing(): void {
    const sent = this.outgoing.splice(0);
    if (sent.length === 0) return;
    if (sent.length === 1) {
      // A change alone (every move at full speed) is a batch by itself: the plain call, without
      // commitAll's outcomes wrapped and unwrapped on both threads.
      const [only] = sent as [(typeof sent)[number]];
      this.call<boolean>('commit', only.change).then(only.resolve, only.reject);
      return;
    }
    this.call<readonly CommitOutcome[]>(
      'commitAll',
      sent.map((s) => s.change),
    ).then(
      (outcomes) =>
        sent.forEach((s, i) => {
          const outcome = outcomes[i];
          if (outcome?.ok) s.resolve(outcome.applied);
          else s.reject(new Error(outcome?.error ?? 'the database thread gave no answer'));
        }),
      (e: unknown) => sent.forEach((s) => s.reject(e)),
    );
  }

  loadGame(id: string): Promise<GameRow | undefined> {
    return this.call('loadGame', id);
  }

  loadMoves(id: string, afterPly: number): Promise<MoveRow[]> {
    return this.call('loadMoves', id, afterPly);
  }

  lobby(limit: number): Promise<LobbyRows> {
    return this.call('lobby', limit);
  }

  runningClocks(): Promise<GameRow[]> {
    return this.call('runningClocks');
  }

  countGames(): Promise<{ waiting: number; playing: number }> {
    return this.call('countGames');
  }

  expiring(waitingBefore: number, unstartedBefore: number, limit: number): Promise<GameRow[]> {
    return this.call('expiring', waitingBefore, unstartedBefore, limit);
  }

  shiftClocks(
    ms: number,
    heartbeat?: { serverId: string; at: number },
    expectLast?: number,
  ): Promise<number> {
    return this.call('shiftClocks', ms, heartbeat, expectLast);
  }

  loadAnalysis(gameId: string): Promise<AnalysisRow | undefined> {
    return this.call('loadAnalysis', gameId);
  }

  saveAnalysis(row: AnalysisRow): Promise<boolean> {
    return this.call('saveAnalysis', row);
  }

  heartbeat(serverId: string, now: number): Promise<void> {
    return this.call('heartbeat', serverId, now);
  }

  lastHeartbeat(): Promise<number | undefined> {
    return this.call('lastHeartbeat');
  }

  /** One process on SQLite: there is no one else to hear from. */
  listen(_origin: string, _onNotice: (notice: ChangeNotice) => void): Promise<void> {
    return Promise.resolve();
  }

  /** One process on SQLite: there is no one else to tell. */
  announce(): Promise<void> {
    return Promise.resolve();
  }

  /**
   * The worker answers a trivial query in time. A thread stuck behind a long write does not
   * answer: the wait is bounded here too, not only in the worker.
   */
  async ping(timeoutMs = PING_TIMEOUT_MS): Promise<void> {
    if (this.failure) throw new Error(`the database thread failed: ${this.failure.message}`);
    if (this.closed) throw new Error('the store is closed');
    await withTimeout(
      this.call('ping', timeoutMs),
      timeoutMs + 100,
      `the database did not answer within ${timeoutMs} ms`,
    );
  }

  /** Writes what is queued, closes the database and stops the thread. */
  close(): Promise<void> {
    // Changes committed before the close, not sent yet, go first: the worker writes them.
    if (!this.closed) this.sendOutgoing();
    this.closed ??= (async () => {
      const id = this.nextId++;
      try {
        if (!this.failure)
          await new Promise<unknown>((resolve, reject) => {
            this.waiting.set(id, { resolve, reject });
            this.worker.postMessage({ id, method: 'close', args: [] } satisfies ThreadRequest);
          });
      } finally {
        await this.worker.terminate();
      }
    })();
    return this.closed;
  }
}
