/**
 * The SQLite store in a worker thread (see thread-store.ts). better-sqlite3 is synchronous: on
 * the main thread every COMMIT's fsync would hold up every socket. Here it holds up only this
 * thread, and while a batch's transaction runs, the changes that arrive wait in the message
 * queue and make the next batch larger, which is what group commit is for.
 *
 * Requests are `{ id, method, args }` for the methods of `Store` that read and write (not
 * `listen`: one process, no one to hear from); each is answered with `{ id, ok, value | error,
 * stats }`, in the order the work completes.
 */

import { parentPort, workerData } from 'node:worker_threads';
import { KyselyStore } from './kysely-store.js';
import { sqliteBackend } from './sqlite.js';
import type { CommitOutcome, ThreadReply, ThreadRequest, ThreadStart } from './thread-store.js';
import { STORE_PARTS, type GameChange, type StorePart } from './types.js';

const port = parentPort;
if (!port) throw new Error('sqlite-worker.js runs as a worker thread');
const start = workerData as ThreadStart;

const store = new KyselyStore(sqliteBackend(start.dataDir), start.origin);

const METHODS = new Set([
  'migrate',
  'commit',
  'loadGame',
  'loadMoves',
  'lobby',
  'runningClocks',
  'expiring',
  'countGames',
  'shiftClocks',
  'loadAnalysis',
  'saveAnalysis',
  'heartbeat',
  'lastHeartbeat',
  'secret',
  'ping',
  'close',
]);

function reply(message: ThreadReply): void {
  port!.postMessage(message);
}

port.on('message', (request: ThreadRequest) => {
  const { id, method, args } = request;
  const run = async (): Promise<unknown> => {
    const [part, name] = method.split('.') as [string, string | undefined];
    if (name !== undefined) {
      // A part's method (`accounts.signUp`): a method of the part's class, nothing else.
      if (!(STORE_PARTS as readonly string[]).includes(part))
        throw new TypeError(`the store has no part ${part}`);
      const target = store[part as StorePart] as unknown as Record<string, unknown>;
      const proto = Object.getPrototypeOf(target) as Record<string, unknown>;
      const fn = Object.hasOwn(proto, name) && name !== 'constructor' ? target[name] : undefined;
      if (typeof fn !== 'function') throw new TypeError(`the store's ${part} have no method ${name}`);
      return (fn as (...a: unknown[]) => Promise<unknown>).apply(target, [...args]);
    }
    if (method === 'commitAll') {
      // Every change is queued in this turn, so they all join the same batch (thread-store.ts).
      const changes = args[0] as readonly GameChange[];
      return Promise.all(
        changes.map((change) =>
          store.commit(change).then(
            (applied): CommitOutcome => ({ ok: true, applied }),
            (e: unknown): CommitOutcome => ({ ok: false, error: e instanceof Error ? e.message : String(e) }),
          ),
        ),
      );
    }
    if (!METHODS.has(method)) throw new TypeError(`the store has no method ${method}`);
    const fn = (store as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[method]!;
    return fn.apply(store, [...args]);
  };
  run().then(
    (value) => reply({ id, ok: true, value, stats: store.stats }),
    (e: unknown) =>
      reply({
        id,
        ok: false,
        error:
          e instanceof Error
            ? { name: e.name, message: e.message, ...(e.stack ? { stack: e.stack } : {}) }
            : { name: 'Error', message: String(e) },
        stats: store.stats,
      }),
  );
});

// Opened: the database file exists and is in WAL mode.
reply({ id: 0, ok: true, value: 'ready', stats: store.stats });
