/**
 * The caller's side of the engine, the same for worker threads and Web Workers: node.ts and
 * browser.ts only say how to start a worker. The search in the worker is synchronous and cannot
 * read a stop message, so `stop()` does not ask it: the client remembers the last finished
 * depth, resolves the search's promise with it at once, and replaces the worker (eagerly, so the
 * next search finds one ready). A search stopped before its first depth gets a depth-1 search run
 * here, which takes milliseconds. A search with a time bound is also stopped this way if its
 * answer is late (a watchdog, for a search that overruns its deadline), counted from when its
 * worker is ready: a worker that is slow to start is waited for.
 */

import { weightsFor } from '../weights.js';
import { Search, type SearchInfo } from '../search.js';
import { moveBudget, watchdogTime } from './clock.js';
import { positionOf, rulesOf } from './game.js';
import {
  ENGINE_ERRORS,
  EngineError,
  type Engine,
  type EngineRequest,
  type EngineResult,
  type FromWorker,
  type ToWorker,
} from './protocol.js';

/** A started worker, as the client needs it. */
export interface WorkerPort {
  post(message: ToWorker): void;
  /** Ends the worker at once, whatever it is doing. */
  terminate(): void;
  /** Tells the port whether a search is running (Node lets an idle worker not hold the process). */
  busy?(busy: boolean): void;
  /** Set when the worker has said it is ready (`ReadyMessage`). */
  ready?: boolean;
}

/** Starts a worker that runs serve.ts, reporting its messages and its failures. */
export type SpawnWorker = (
  onMessage: (message: FromWorker) => void,
  onError: (error: Error) => void,
) => WorkerPort;

interface Pending {
  readonly id: number;
  readonly request: EngineRequest;
  readonly onProgress: ((info: SearchInfo) => void) | undefined;
  readonly resolve: (result: EngineResult) => void;
  readonly reject: (error: Error) => void;
  watchdog: ReturnType<typeof setTimeout> | undefined;
  last: SearchInfo | undefined;
}

/** An engine over workers started by `spawn`. */
export function createEngine(spawn: SpawnWorker): Engine {
  return new WorkerEngine(spawn);
}

class WorkerEngine implements Engine {
  private port: WorkerPort | undefined;
  private pending: Pending | undefined;
  private nextId = 1;
  private disposed = false;

  constructor(private readonly spawn: SpawnWorker) {
    this.port = this.startWorker();
  }

  start(request: EngineRequest, onProgress?: (info: SearchInfo) => void): Promise<EngineResult> {
    if (this.disposed)
      return Promise.reject(new EngineError(ENGINE_ERRORS.disposed, 'the engine has been disposed'));
    this.stop();
    const id = this.nextId++;
    const port = (this.port ??= this.startWorker());
    return new Promise<EngineResult>((resolve, reject) => {
      // Posting throws (and the promise rejects) on a request that is not plain data.
      port.post({ ...request, type: 'search', id, sentAt: Date.now() });
      port.busy?.(true);
      this.pending = { id, request, onProgress, resolve, reject, watchdog: undefined, last: undefined };
      // A worker still starting is not late yet: its watchdog starts when it is ready.
      if (port.ready === true) this.watch(this.pending);
    });
  }

  stop(): void {
    const pending = this.finish();
    if (pending === undefined) return;
    this.replaceWorker(!this.disposed);
    try {
      pending.resolve(bestSoFar(pending));
    } catch (e) {
      pending.reject(e instanceof Error ? e : new Error(String(e)));
    }
  }

  dispose(): void {
    this.disposed = true;
    this.stop();
    this.replaceWorker(false);
  }

  private startWorker(): WorkerPort {
    const port = this.spawn(
      (message) => this.receive(port, message),
      (error) => this.fail(port, error),
    );
    return port;
  }

  private replaceWorker(restart: boolean): void {
    this.port?.terminate();
    this.port = restart ? this.startWorker() : undefined;
  }

  /** Starts (or starts again) the watchdog of a search with a time budget. */
  private watch(pending: Pending): void {
    if (pending.watchdog !== undefined) clearTimeout(pending.watchdog);
    const budget = moveBudget(pending.request.limits);
    pending.watchdog = budget === undefined ? undefined : setTimeout(() => this.stop(), watchdogTime(budget));
  }

  private receive(port: WorkerPort, message: FromWorker): void {
    if (message.type === 'ready') {
      port.ready = true;
      if (port === this.port && this.pending !== undefined && this.pending.watchdog === undefined)
        this.watch(this.pending);
      return;
    }
    const pending = this.pending;
    if (port !== this.port || pending === undefined || message.id !== pending.id) return;
    // An engine's worker is asked searches only; analysis messages belong to analyse.ts's workers.
    if (message.type === 'ply' || message.type === 'analysed') return;
    if (message.type === 'tables') {
      // Building tables does not count against the budget: the watchdog waits, then starts again.
      if (pending.watchdog !== undefined) clearTimeout(pending.watchdog);
      pending.watchdog = undefined;
      if (!message.building) this.watch(pending);
      return;
    }
    if (message.type === 'progress') {
      pending.last = message.info;
      pending.onProgress?.(message.info);
      return;
    }
    this.finish();
    if (message.type === 'result')
      pending.resolve({ move: message.move, info: message.info, stopped: false });
    else pending.reject(new EngineError(message.code, message.message));
  }

  /** A worker that failed is ended; the next search starts another (not at once: it may fail again). */
  private fail(port: WorkerPort, error: Error): void {
    if (port !== this.port) return;
    const pending = this.finish();
    this.replaceWorker(false);
    pending?.reject(new EngineError(ENGINE_ERRORS.worker, `the engine's worker failed: ${error.message}`));
  }

  /** Forgets the running search and returns it. */
  private finish(): Pending | undefined {
    const pending = this.pending;
    if (pending === undefined) return undefined;
    this.pending = undefined;
    if (pending.watchdog !== undefined) clearTimeout(pending.watchdog);
    this.port?.busy?.(false);
    return pending;
  }
}

/** The last finished depth's move, or a depth-1 search here when no depth has finished. */
function bestSoFar(pending: Pending): EngineResult {
  const last = pending.last;
  if (last !== undefined && last.pv.length > 0) return { move: last.pv[0], info: last, stopped: true };
  const rules = rulesOf(pending.request);
  if (!rules.ok) throw new EngineError(rules.code, rules.message);
  const pos = positionOf(rules.value, pending.request);
  if (!pos.ok) throw new EngineError(pos.code, pos.message);
  const quick = new Search({ weights: weightsFor(rules.value), ttBits: 12 }).run(pos.value, { depth: 1 });
  const { move, ...info } = quick;
  return { move, info, stopped: true };
}
