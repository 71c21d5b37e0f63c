/**
 * Upgrades keep the schema right: a database migrated to any earlier migration, with rows in
 * it, then to the latest, has the whole schema a fresh database has (tables, columns with their
 * types, nullability and defaults, indexes with their columns, uniqueness and predicates,
 * constraints and foreign keys), on SQLite and on PostgreSQL. The list of migrations is
 * iterated, so every migration added later is covered as it comes.
 *
 * And the database the edit of a shipped migration left behind: migration 0003 as it was
 * before commit 8d0a686 (which made its two indexes over the games' account columns partial)
 * upgrades to the fresh schema too.
 */

import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
  type Migration,
  type MigrationProvider,
} from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATION_NAMES, MIGRATIONS, migrateTo, migrateToLatest } from '../src/store/migrations.js';
import { gameToDb, moveToDb, type Database } from '../src/store/schema.js';
import { BACKENDS, tempDir } from './harness.js';
import { gameRow } from './rows.js';

type Backend = (typeof BACKENDS)[number];
type Db = Kysely<Database>;

/** A fresh, empty database of `backend`, and its removal (closing the connection first). */
async function freshDb(backend: Backend): Promise<{ db: Db; remove: () => Promise<void> }> {
  if (backend === 'sqlite') {
    const dir = tempDir('tafl-schema-');
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: new SQLite(join(dir.dir, 'tafl.sqlite')) }),
    });
    return { db, remove: async () => (await db.destroy(), dir.remove()) };
  }
  const admin = process.env.TAFL_TEST_PG!;
  const name = `tafl_schema_${randomBytes(5).toString('hex')}`;
  const run = async (statement: string): Promise<void> => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // The drop's `with (force)` ends the database's connections: one still closing when it comes
  // hears "terminating connection due to administrator command" (57P01), which is expected;
  // anything else is thrown on.
  pool.on('error', (error: Error & { code?: string }) => {
    if (error.code !== '57P01') throw error;
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    remove: async () => (await db.destroy(), run(`drop database if exists ${name} with (force)`)),
  };
}

// ---------------------------------------------------------------------------------------------
// The whole schema, as each database describes itself

type Rows = Record<string, unknown>[];

/** Rows sorted by their JSON, so that two schemas compare whatever order the catalogue lists. */
const sorted = (rows: Rows): Rows =>
  rows.map((r) => ({ ...r })).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

const query = async (db: Db, text: ReturnType<typeof sql>): Promise<Rows> =>
  sorted((await text.execute(db)).rows as Rows);

/** SQLite: sqlite_master and the pragmas of every table and index. */
async function sqliteSchema(db: Db): Promise<Record<string, unknown>> {
  const objects = await query(
    db,
    sql`select type, name, tbl_name from sqlite_master where name not like 'sqlite_%' order by name`,
  );
  const tables: Record<string, unknown> = {};
  for (const { name } of objects.filter((o) => o.type === 'table') as { name: string }[]) {
    const indexes = (await query(
      db,
      sql`select name, "unique", origin, partial from pragma_index_list(${name})`,
    )) as { name: string }[];
    tables[name] = {
      columns: await query(
        db,
        sql`select name, type, "notnull", dflt_value, pk, hidden from pragma_table_xinfo(${name})`,
      ),
      foreignKeys: await query(
        db,
        sql`select "table", "from", "to", on_update, on_delete, "match" from pragma_foreign_key_list(${name})`,
      ),
      indexes: await Promise.all(
        indexes.map(async (index) => ({
          ...index,
          columns: await query(
            db,
            sql`select seqno, name, "desc", coll from pragma_index_xinfo(${index.name}) where key = 1`,
          ),
          // The statement that made it (null for a constraint's): its predicate, whitespace aside.
          sql: String(
            (
              await sql<{
                sql: string | null;
              }>`select sql from sqlite_master where name = ${index.name}`.execute(db)
            ).rows[0]?.sql,
          ).replace(/\s+/g, ' '),
        })),
      ),
    };
  }
  const others = await query(
    db,
    sql`select type, name, tbl_name, sql from sqlite_master where type in ('view', 'trigger')`,
  );
  return { objects, tables, others };
}

/** PostgreSQL: information_schema and the catalogues, for the current schema. */
async function postgresSchema(db: Db): Promise<Record<string, unknown>> {
  return {
    tables: await query(
      db,
      sql`select table_name, table_type from information_schema.tables where table_schema = current_schema()`,
    ),
    columns: await query(
      db,
      sql`select table_name, column_name, data_type, is_nullable, column_default, character_maximum_length,
        numeric_precision, is_identity, is_generated
        from information_schema.columns where table_schema = current_schema()`,
    ),
    indexes: await query(
      db,
      sql`select tablename, indexname, indexdef from pg_indexes where schemaname = current_schema()`,
    ),
    // Primary keys, unique columns, foreign keys (with their actions), checks.
    constraints: await query(
      db,
      sql`select conrelid::regclass::text as table_name, conname, contype, pg_get_constraintdef(oid) as def
        from pg_constraint where connamespace = current_schema()::regnamespace`,
    ),
    views: await query(
      db,
      sql`select table_name, view_definition from information_schema.views where table_schema = current_schema()`,
    ),
    triggers: await query(
      db,
      sql`select trigger_name, event_object_table, action_statement from information_schema.triggers
        where trigger_schema = current_schema()`,
    ),
    sequences: await query(
      db,
      sql`select sequence_name, data_type from information_schema.sequences where sequence_schema = current_schema()`,
    ),
  };
}

const schemaOf = (backend: Backend, db: Db): Promise<Record<string, unknown>> =>
  backend === 'sqlite' ? sqliteSchema(db) : postgresSchema(db);

// ---------------------------------------------------------------------------------------------
// Rows in every table that exists, so that each migration runs on a database in use

const T0 = 1_767_225_600_000;
const USER = 'u-ailill';
const GAME = gameRow(
  { kind: 'live', baseMs: 60_000, incrementMs: 0 },
  {
    ply: 1,
    version: 2,
    clockAttackersMs: 60_000,
    clockDefendersMs: 60_000,
    turnStartedAt: T0,
    createdAt: T0,
    updatedAt: T0,
    attackersUser: USER,
  },
);

/** One row for each table we know, in an order that satisfies the foreign keys. */
const FIXTURE: readonly [string, Record<string, unknown>][] = [
  ['games', { ...gameToDb(GAME) }],
  ['moves', { ...moveToDb({ gameId: GAME.id, ply: 1, move: 'd2-c2', at: T0, clockMs: 60_000 }) }],
  ['heartbeats', { server_id: 'old', at: T0 }],
  ['analyses', { game_id: GAME.id, depth: 4, analysis: '{}', updated_at: T0 }],
  [
    'users',
    { id: USER, name: 'Ailill', name_key: 'ailill', password: 'scrypt$x', created_at: T0, updated_at: T0 },
  ],
  ['sessions', { id: 's'.repeat(64), user_id: USER, csrf: 'c', created_at: T0, last_seen_at: T0 }],
  [
    'ratings',
    {
      user_id: USER,
      family: 'brandubh',
      rating: 1500,
      deviation: 350,
      volatility: 0.06,
      games: 0,
      last_played_at: null,
    },
  ],
  [
    'rating_history',
    { user_id: USER, family: 'brandubh', game_id: GAME.id, at: T0, rating: 1500, deviation: 350, diff: 0 },
  ],
  ['rated_games', { game_id: GAME.id, at: T0 }],
  [
    'tournaments',
    {
      id: 't1',
      name: 'Tara',
      kind: 'swiss',
      rules_id: 'brandub-fr',
      rules_name: 'Brandubh',
      time_kind: 'live',
      time_base_ms: 60_000,
      time_increment_ms: 0,
      rounds: 3,
      rated: 1,
      starts_at: T0,
      status: 'running',
      round: 1,
      creator_id: USER,
      creator_name: 'Ailill',
      version: 1,
      created_at: T0,
      updated_at: T0,
    },
  ],
  ['tournament_players', { tournament_id: 't1', user_id: USER, name: 'Ailill', rating: 1500, joined_at: T0 }],
  [
    'tournament_pairings',
    {
      tournament_id: 't1',
      round: 1,
      board: 1,
      attackers_user: USER,
      defenders_user: null,
      game_id: null,
      score: 1,
      forfeit: 0,
    },
  ],
  ['secrets', { name: 'seat', value: 'k'.repeat(43) }],
  [
    'mail_addresses',
    {
      user_id: USER,
      address: 'ailill@example.org',
      lang: 'en',
      your_move: 'each',
      rounds: 1,
      losses: 1,
      added_at: T0,
      confirmed_at: T0,
      confirm_hash: null,
      confirm_expires_at: null,
      unsubscribe_hash: 'h'.repeat(64),
      updated_at: T0,
    },
  ],
  [
    'mail_queue',
    {
      id: `${USER}:move:${GAME.id}:1`,
      user_id: USER,
      kind: 'move',
      game_id: GAME.id,
      payload: '{"ply":1}',
      status: 'pending',
      attempts: 0,
      next_at: T0,
      lease_id: null,
      lease_until: null,
      created_at: T0,
      done_at: null,
    },
  ],
];

/** Inserts the fixture's row into each table that exists, with the columns it has now. */
async function fill(db: Db): Promise<void> {
  const tables = await db.introspection.getTables();
  for (const [name, row] of FIXTURE) {
    const table = tables.find((t) => t.name === name);
    if (!table) continue;
    const columns = table.columns.map((c) => c.name).filter((c) => c in row);
    await sql`insert into ${sql.table(name)} (${sql.join(columns.map((c) => sql.ref(c)))})
      values (${sql.join(columns.map((c) => row[c]))})`.execute(db);
  }
}

const count = async (db: Db, table: string): Promise<number> =>
  Number((await sql<{ n: unknown }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]!.n);

// ---------------------------------------------------------------------------------------------

/**
 * Migration 0003 as it shipped before commit 8d0a686: the same statements but for its two
 * indexes over the games' account columns, which were over every game (no `where`). That
 * commit's diff (`git show 8d0a686 -- packages/server/src/store/migrations.ts`) added only
 * the `.where(sql.ref(`${side}_user`), 'is not', null)` of these two; here they are made again
 * as they were.
 */
const SHIPPED_0003: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was then
  async up(db: Kysely<any>): Promise<void> {
    await MIGRATIONS['0003-players']!.up(db);
    for (const side of ['attackers', 'defenders']) {
      await db.schema.dropIndex(`games_${side}_user`).execute();
      await db.schema
        .createIndex(`games_${side}_user`)
        .ifNotExists()
        .on('games')
        .columns([`${side}_user`, 'status', 'updated_at'])
        .execute();
    }
  },
};

const removals: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(removals.splice(0).map((remove) => remove()));
});

const open = async (backend: Backend): Promise<Db> => {
  const { db, remove } = await freshDb(backend);
  removals.push(remove);
  return db;
};

/** The schema of a database migrated from nothing to the latest. */
async function freshSchema(backend: Backend): Promise<Record<string, unknown>> {
  const db = await open(backend);
  await migrateToLatest(db);
  return schemaOf(backend, db);
}

describe.each(BACKENDS)('the schema after an upgrade, on %s', (backend) => {
  it('lists the migrations in the order they run, the latest last', () => {
    expect(MIGRATION_NAMES.length).toBeGreaterThanOrEqual(4);
    expect([...MIGRATION_NAMES].sort()).toEqual(MIGRATION_NAMES);
    expect(MIGRATION_NAMES[0]).toBe('0001-games-moves-heartbeats');
  });

  it.each(MIGRATION_NAMES)('is the fresh one for a database at %s, upgraded with its rows', async (name) => {
    const fresh = await freshSchema(backend);
    const db = await open(backend);
    await migrateTo(db, name);
    await fill(db);
    await migrateToLatest(db);
    expect(await schemaOf(backend, db)).toEqual(fresh);
    // Its rows are kept.
    expect(await count(db, 'games')).toBe(1);
    expect(await count(db, 'moves')).toBe(1);
  });

  it('is the fresh one for a database made by 0003 as it shipped before its indexes were made partial', async () => {
    const fresh = await freshSchema(backend);
    const db = await open(backend);
    const shipped: MigrationProvider = {
      getMigrations: () =>
        Promise.resolve({
          '0001-games-moves-heartbeats': MIGRATIONS['0001-games-moves-heartbeats']!,
          '0002-analyses': MIGRATIONS['0002-analyses']!,
          '0003-players': SHIPPED_0003,
        }),
    };
    const made = await new Migrator({ db, provider: shipped }).migrateToLatest();
    expect(made.error).toBeUndefined();
    await fill(db);
    // The fixture is that database: the two indexes are over every game.
    const before = JSON.stringify(await schemaOf(backend, db));
    expect(before).not.toEqual(JSON.stringify(fresh));
    await migrateToLatest(db);
    expect(await schemaOf(backend, db)).toEqual(fresh);
    expect(await count(db, 'games')).toBe(1);
    // Upgraded twice is upgraded once.
    await migrateToLatest(db);
    expect(await schemaOf(backend, db)).toEqual(fresh);
  });
});
