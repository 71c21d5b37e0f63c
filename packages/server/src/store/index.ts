/**
 * Opens the games' storage: PostgreSQL when given a `databaseUrl`, else SQLite in `dataDir`.
 * Call `migrate()` before anything else (on every start: it does nothing when up to date).
 */

import type { CommitStats } from './kysely-store.js';
import type { Store } from './types.js';

export type { CommitStats } from './kysely-store.js';
export type * from './types.js';
export { PING_TIMEOUT_MS } from './types.js';

export interface StoreOptions {
  /** A postgres:// (or postgresql://) URL: use PostgreSQL. */
  readonly databaseUrl?: string;
  /** SQLite's directory when there is no `databaseUrl` (default ./data; created if missing). */
  readonly dataDir?: string;
  /** This process's id, sent with every change notice. */
  readonly origin: string;
  /** Where the store reports trouble it recovers from (default: stderr). */
  readonly log?: (message: string) => void;
  /**
   * SQLite: run the database in a worker thread (the default), so that its synchronous work
   * never blocks the sockets; false runs it on the calling thread.
   */
  readonly thread?: boolean;
  /** SQLite in a thread: the thread died; every call fails from now on. */
  readonly onFailure?: (error: Error) => void;
}

/** A store, with the counters of its group commit. */
export type OpenedStore = Store & { readonly stats: CommitStats };

const stderrLog = (message: string): void => void process.stderr.write(`tafl store: ${message}\n`);

/**
 * Each backend's modules are loaded only when it is opened: a process on SQLite's thread keeps
 * Kysely and SQLite in that thread and never loads `pg`; one on PostgreSQL never loads SQLite's.
 */
export async function openStore(options: StoreOptions): Promise<OpenedStore> {
  const { databaseUrl, origin } = options;
  if (databaseUrl === undefined) {
    const dataDir = options.dataDir ?? 'data';
    if (options.thread === false) {
      const [{ KyselyStore }, { sqliteBackend }] = await Promise.all([
        import('./kysely-store.js'),
        import('./sqlite.js'),
      ]);
      return new KyselyStore(sqliteBackend(dataDir), origin);
    }
    const { ThreadStore } = await import('./thread-store.js');
    return ThreadStore.open({ dataDir, origin }, options.onFailure);
  }
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) throw new Error('the database URL must be a postgres:// URL');
  const [{ KyselyStore }, { postgresBackend }] = await Promise.all([
    import('./kysely-store.js'),
    import('./postgres.js'),
  ]);
  return new KyselyStore(postgresBackend(databaseUrl, options.log ?? stderrLog), origin);
}
