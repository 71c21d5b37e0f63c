/**
 * The schema's migrations, in code (the built server has no migration files beside it), run by
 * Kysely's Migrator in name order. Add a migration by adding an entry with a later name; never
 * edit one that has shipped.
 *
 * Several processes may start at once. On PostgreSQL the Migrator runs the pending migrations in
 * one transaction under an advisory lock (`pg_advisory_lock`, PostgresAdapter), so the second
 * process waits for the first and then finds nothing to do; it also tolerates the race to create
 * its own `kysely_migration` tables. On SQLite (one process) every statement is `if not exists`
 * as well, so a half-applied migration can be run again.
 */

import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

const migrations: Record<string, Migration> = {
  '0001-games-moves-heartbeats': {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('games')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('rules', 'text', (c) => c.notNull())
        .addColumn('rules_id', 'text')
        .addColumn('rules_name', 'text', (c) => c.notNull())
        .addColumn('time_kind', 'text', (c) => c.notNull())
        .addColumn('time_base_ms', 'bigint', (c) => c.notNull())
        .addColumn('time_increment_ms', 'bigint', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('winner', 'text')
        .addColumn('reason', 'text')
        .addColumn('ply', 'integer', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('attackers_name', 'text')
        .addColumn('attackers_token', 'text')
        .addColumn('defenders_name', 'text')
        .addColumn('defenders_token', 'text')
        .addColumn('clock_attackers_ms', 'bigint')
        .addColumn('clock_defenders_ms', 'bigint')
        .addColumn('turn_started_at', 'bigint')
        .addColumn('draw_offer', 'text')
        .addColumn('rematch_offer', 'text')
        .addColumn('rematch_id', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      // The lobby: each list is `where status = ? order by updated_at desc, id desc limit ?`.
      await db.schema
        .createIndex('games_status_updated')
        .ifNotExists()
        .on('games')
        .columns(['status', 'updated_at', 'id'])
        .execute();
      // The running clocks (partial: only the few games whose clock runs). The queries repeat
      // this predicate with literals, which SQLite needs to use a partial index.
      await db.schema
        .createIndex('games_running_clock')
        .ifNotExists()
        .on('games')
        .column('turn_started_at')
        .where(sql.ref('status'), '=', sql.lit('playing'))
        .where(sql.ref('turn_started_at'), 'is not', null)
        .execute();
      await db.schema
        .createTable('moves')
        .ifNotExists()
        .addColumn('game_id', 'text', (c) => c.notNull().references('games.id').onDelete('cascade'))
        .addColumn('ply', 'integer', (c) => c.notNull())
        .addColumn('move', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('clock_ms', 'bigint')
        .addPrimaryKeyConstraint('moves_pk', ['game_id', 'ply'])
        .execute();
      await db.schema
        .createTable('heartbeats')
        .ifNotExists()
        .addColumn('server_id', 'text', (c) => c.primaryKey())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  '0002-analyses': {
    // The analyses of finished games (issue 13): a table of their own, so that writing one can
    // never touch a game's row. One per game; deleted with its game.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('analyses')
        .ifNotExists()
        .addColumn('game_id', 'text', (c) => c.primaryKey().references('games.id').onDelete('cascade'))
        .addColumn('depth', 'integer', (c) => c.notNull())
        .addColumn('analysis', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

/** Runs every pending migration; throws the first error. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((r) => r.status === 'Error');
    const what = failed ? `migration ${failed.migrationName} failed` : 'migrating failed';
    throw new Error(`${what}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
