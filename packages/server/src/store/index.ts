/**
 * Opens the games' storage: PostgreSQL when given a `databaseUrl`, else SQLite in `dataDir`.
 * Call `migrate()` before anything else (on every start: it does nothing when up to date).
 */

import { KyselyStore } from './kysely-store.js';
import { postgresBackend } from './postgres.js';
import { sqliteBackend } from './sqlite.js';

export type { CommitStats } from './kysely-store.js';
export { KyselyStore, MAX_BATCH } from './kysely-store.js';
export type * from './types.js';

export interface StoreOptions {
  /** A postgres:// (or postgresql://) URL: use PostgreSQL. */
  readonly databaseUrl?: string;
  /** SQLite's directory when there is no `databaseUrl` (default ./data; created if missing). */
  readonly dataDir?: string;
  /** This process's id, sent with every change notice. */
  readonly origin: string;
  /** Where the store reports trouble it recovers from (default: stderr). */
  readonly log?: (message: string) => void;
}

const stderrLog = (message: string): void => void process.stderr.write(`tafl store: ${message}\n`);

export async function openStore(options: StoreOptions): Promise<KyselyStore> {
  const { databaseUrl, origin } = options;
  if (databaseUrl === undefined) return new KyselyStore(sqliteBackend(options.dataDir ?? 'data'), origin);
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) throw new Error('the database URL must be a postgres:// URL');
  return new KyselyStore(postgresBackend(databaseUrl, options.log ?? stderrLog), origin);
}
