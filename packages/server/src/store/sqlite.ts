/**
 * SQLite through better-sqlite3: the embedded default, one process, `<dataDir>/tafl.sqlite`.
 *
 * Durability: a change's promise resolves after its transaction's COMMIT has returned. In WAL
 * mode the commit is then in the WAL file (at least in the OS's page cache), so it survives the
 * process being killed at any moment (SIGKILL) with `synchronous` NORMAL or FULL; FULL also
 * fsyncs the WAL at every commit, so that it survives a power cut or a kernel crash too. We use
 * FULL because group commit makes it cheap: one fsync covers a whole batch. Measured (20,000
 * single-move updates across 2,000 games, median of 5 runs, on a 2-CPU VM with ext4):
 *
 *   all 20,000 fired at once (40 batches of 500)        FULL 6,200/s  NORMAL 6,900/s  (-9%)
 *   2,000 clients, one move at a time (40 batches of 500)    4,600/s         5,100/s  (-10%)
 *   200 clients (100 batches of 200)                         6,500/s         7,700/s  (-16%)
 *   20 clients (1,000 batches of 20)                         6,300/s         6,500/s  (-4%)
 *
 * well under the 30% that would have made NORMAL worth its risk; the run-to-run noise was about
 * as large as the difference. The time goes to building and running the statements, not to
 * fsync (0.3 ms on that disk; a slow disk's fsync makes batches larger rather than fewer).
 *
 * better-sqlite3 is synchronous, so the server runs this store in a worker thread of its own
 * (thread-store.ts): under the server benchmark the commits' fsyncs, often a few milliseconds
 * and sometimes tens, held the main thread a third of the time.
 */

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type SqliteDatabase } from 'kysely';
import type { Backend } from './kysely-store.js';
import type { Database } from './schema.js';

export interface SqliteOptions {
  /** FULL (the default): durable through power loss as well as process crashes. */
  readonly synchronous?: 'FULL' | 'NORMAL';
}

export function sqliteBackend(dataDir: string, options: SqliteOptions = {}): Backend {
  mkdirSync(dataDir, { recursive: true });
  const database = new SQLite(join(dataDir, 'tafl.sqlite'));
  try {
    const mode: unknown = database.pragma('journal_mode = WAL', { simple: true });
    if (mode !== 'wal') throw new Error(`SQLite refused WAL mode (journal_mode is ${String(mode)})`);
    database.pragma(`synchronous = ${options.synchronous ?? 'FULL'}`);
    // Another connection (a backup, a second process by mistake) waits instead of failing.
    database.pragma('busy_timeout = 5000');
    database.pragma('foreign_keys = ON');
    // Table statistics, so that the planner knows the partial index of running clocks is small
    // (SQLite's advice for long-lived connections: on open, bounded, and again on close).
    database.pragma('analysis_limit = 1000');
    database.pragma('optimize = 0x10002');
  } catch (e) {
    database.close();
    throw e;
  }
  return {
    dialect: 'sqlite',
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) }),
    // One process: there is no one else to hear from.
    listen: () => Promise.resolve(),
    // Called once every batch is written and before Kysely closes the database.
    close: () => {
      database.pragma('optimize');
      return Promise.resolve();
    },
  };
}

/**
 * Kysely prepares every statement it runs; parsing the SQL again each time was a third of the
 * time of a batch. The statements are few and reusable (Kysely runs one at a time, to completion).
 */
function withStatementCache(database: SQLite.Database, max = 200): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare: (sql: string) => {
      let statement = cache.get(sql);
      if (!statement) {
        statement = database.prepare(sql);
        if (cache.size >= max) cache.clear();
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}
