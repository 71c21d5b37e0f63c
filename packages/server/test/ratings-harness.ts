/**
 * The ratings' tests' databases (ratings-store.test.ts, ratings-service.test.ts): a fresh one of
 * a backend, stores opened on it as the server opens them, and a connection of the test's own to
 * write what belongs to other parts (users) or to set a scene.
 */

import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { openStore, type OpenedStore } from '../src/store/index.js';
import type { Database } from '../src/store/schema.js';
import { freshDatabase } from './harness.js';

export const DAY = 86_400_000;
export const T = 1_800_000_000_000;

export interface Place {
  /** A store as the server opens it (a second one: another process on PostgreSQL). */
  open(): Promise<OpenedStore>;
  /** The same database through a connection of the test's own. */
  readonly db: Kysely<Database>;
}

export async function place(
  backend: 'sqlite' | 'postgres',
  cleanup: (() => Promise<void>)[],
): Promise<Place> {
  const database = await freshDatabase(backend);
  cleanup.push(database.remove);
  const open = async (): Promise<OpenedStore> => {
    const store = await openStore({ ...database.setup, origin: 'test', log: () => {} });
    cleanup.push(() => store.close());
    return store;
  };
  const first = await open();
  await first.migrate();
  const db =
    backend === 'sqlite'
      ? new Kysely<Database>({
          dialect: new SqliteDialect({
            database: (() => {
              const d = new SQLite(join(database.setup.dataDir!, 'tafl.sqlite'));
              d.pragma('busy_timeout = 5000');
              return d;
            })(),
          }),
        })
      : new Kysely<Database>({
          dialect: new PostgresDialect({
            pool: (() => {
              const pool = new pg.Pool({ connectionString: database.setup.databaseUrl });
              // Removing the database at the end ends any connection still idle here: not a failure.
              pool.on('error', () => {});
              return pool;
            })(),
          }),
        });
  cleanup.push(() => db.destroy());
  let opened = false;
  return {
    db,
    // The first store is the one migrated; later calls open others.
    open: () => (opened ? open() : ((opened = true), Promise.resolve(first))),
  };
}

export async function addUsers(db: Kysely<Database>, ...names: string[]): Promise<void> {
  for (const name of names)
    await db
      .insertInto('users')
      .values({
        id: `id-${name}`,
        name,
        name_key: name.toLowerCase(),
        password: 'scrypt$not-a-real-hash',
        created_at: T - 100 * DAY,
        updated_at: T - 100 * DAY,
      })
      .execute();
}
