/**
 * `node packages/server/dist/main.js copy-to-postgres --from DATA_DIR [--to URL]` (from the
 * repository: `npm start -- copy-to-postgres ...`): moves a server from SQLite to PostgreSQL
 * with everything it holds (docs/deploy.md, "Growing to PostgreSQL"). The target is DATABASE_URL
 * unless `--to` names one; `--from` is a data folder, or a file the `backup` command wrote.
 *
 * Why it is made so:
 * - The source is read from a snapshot (SQLite's online backup, into a folder beside it removed
 *   afterwards) migrated there to this version's schema: the data folder or the backup is never
 *   changed, and its tables are the target's.
 * - A data folder is locked as a server locks it (store/lock.ts): the copy refuses to run while a
 *   server uses it, and no server starts on it until the copy ends (a game made meanwhile would
 *   be left behind).
 * - Every table at the latest migration is copied, whatever its name (one added later is copied
 *   too), rows as they are: ids, versions and times kept. The heartbeats go too, so that the
 *   first start on PostgreSQL credits the clocks with the time no server was up; and the
 *   server's secrets, so that accounts' seat tokens stay valid.
 * - The target is migrated, then the rest is one transaction: its tables locked against writers,
 *   found empty, filled in foreign-key order, and checked (every table's count; every game's row
 *   and moves equal to the source's, and its moves replayed with the rules to its stored status
 *   and winner). Any failure rolls it all back: the target is left empty, as it was.
 */

import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { END_REASONS, playMoveRecord, positionFromOtn } from '@tafl/core';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import { ruleResult, rulesOfRow } from './game.js';
import { lockDataDir } from './store/lock.js';
import { migrateToLatest } from './store/migrations.js';
import { gameFromDb, moveFromDb, type Database, type GamesTable, type MovesTable } from './store/schema.js';
import type { GameRow, MoveRow } from './store/types.js';

export interface CopyResult {
  /** The target, without its user name or password. */
  readonly target: string;
  /** Rows copied, by table, in the order they were copied. */
  readonly tables: readonly (readonly [string, number])[];
  /** Games replayed with the rules. */
  readonly games: number;
  readonly ms: number;
}

interface Table {
  readonly name: string;
  readonly columns: readonly string[];
}

/** A PostgreSQL statement binds at most 65,535 values: rows are inserted a few thousand values at a time. */
const VALUES_PER_INSERT = 20_000;
/** Games checked a page at a time (their moves read together). */
const GAMES_PER_PAGE = 500;

/** Copies `from` (a data folder or a backup file) into the empty database at `databaseUrl`. */
export async function copyToPostgres(from: string, databaseUrl: string): Promise<CopyResult> {
  const started = performance.now();
  const shown = shownUrl(databaseUrl);
  const source = await openSnapshot(from);
  const target = postgres(databaseUrl);
  try {
    const tables = tablesOf(source.sqlite);
    await migrateToLatest(target);
    const copied = await target.transaction().execute(async (trx) => {
      await checkSchema(trx, tables);
      await lockEmpty(trx, tables);
      const counts: [string, number][] = [];
      for (const table of tables) counts.push([table.name, await copyTable(source.sqlite, trx, table)]);
      await resetSequences(trx);
      await checkCounts(source.sqlite, trx, tables);
      return { counts, games: await checkGames(source.sqlite, trx) };
    });
    return {
      target: shown,
      tables: copied.counts,
      games: copied.games,
      ms: Math.round(performance.now() - started),
    };
  } finally {
    await target.destroy();
    source.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The source

interface Snapshot {
  readonly sqlite: SQLite.Database;
  close(): void;
}

/** A copy of the source's database, migrated, in a folder of its own beside it (removed by close). */
async function openSnapshot(from: string): Promise<Snapshot> {
  let isFolder: boolean;
  try {
    isFolder = statSync(from).isDirectory();
  } catch {
    throw new Error(`there is no data folder or database file at ${resolve(from)}`);
  }
  const file = isFolder ? join(from, 'tafl.sqlite') : from;
  if (!isFolder && !statSync(file).isFile()) throw new Error(`${resolve(file)} is not a database file`);
  if (isFolder && !statSync(file, { throwIfNoEntry: false })?.isFile())
    throw new Error(`there is no database in ${resolve(from)} (no tafl.sqlite)`);
  // A server's own database file is its folder's: it is locked as the server locks it.
  const lock = isFolder || basename(file) === 'tafl.sqlite' ? lockDataDir(dirname(file)) : undefined;
  const folder = mkdtempSync(join(dirname(file), '.tafl-copy-'));
  const release = (): void => {
    rmSync(folder, { recursive: true, force: true });
    lock?.release();
  };
  try {
    const original = new SQLite(file, { fileMustExist: true, timeout: 10_000 });
    try {
      await original.backup(join(folder, 'tafl.sqlite'));
    } finally {
      original.close();
    }
    const sqlite = new SQLite(join(folder, 'tafl.sqlite'), { fileMustExist: true });
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    try {
      await migrateToLatest(db);
    } catch (e) {
      await db.destroy();
      throw e;
    }
    return { sqlite, close: () => (sqlite.close(), release()) };
  } catch (e) {
    release();
    throw e;
  }
}

/** The source's tables (but the migrator's), each after the tables its foreign keys name. */
function tablesOf(sqlite: SQLite.Database): Table[] {
  const names = sqlite
    .prepare(
      `select name from sqlite_master where type = 'table' and name not like 'sqlite_%'
       and name not like 'kysely_migration%' order by name`,
    )
    .pluck()
    .all() as string[];
  const needs = new Map(
    names.map((name) => [
      name,
      new Set(
        (
          sqlite.prepare('select "table" from pragma_foreign_key_list(?)').pluck().all(name) as string[]
        ).filter((t) => t !== name),
      ),
    ]),
  );
  const ordered: Table[] = [];
  while (needs.size > 0) {
    const ready = [...needs.keys()].find((name) => [...needs.get(name)!].every((t) => !needs.has(t)));
    if (ready === undefined)
      throw new Error(`the tables' foreign keys form a cycle: ${[...needs.keys()].join(', ')}`);
    needs.delete(ready);
    const columns = sqlite.prepare('select name from pragma_table_info(?) order by cid').pluck().all(ready);
    ordered.push({ name: ready, columns: columns as string[] });
  }
  return ordered;
}

// ---------------------------------------------------------------------------------------------
// The target

function postgres(databaseUrl: string): Kysely<Database> {
  const types = new pg.TypeOverrides();
  // int8 as a number, as the server reads it (store/postgres.ts).
  types.setTypeParser(20, (value: string) => Number(value));
  const pool = new pg.Pool({ connectionString: databaseUrl, types, max: 2 });
  pool.on('error', () => {});
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** The target has the source's tables and columns (both migrated by this version: a guard). */
async function checkSchema(trx: Transaction<Database>, tables: readonly Table[]): Promise<void> {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and table_name not like 'kysely_migration%'`.execute(trx);
  const theirs = new Map<string, string[]>();
  for (const r of rows) theirs.set(r.table_name, [...(theirs.get(r.table_name) ?? []), r.column_name]);
  const shape = (name: string, columns: readonly string[] | undefined): string =>
    `${name}(${[...(columns ?? [])].sort().join(', ')})`;
  const names = new Set([...tables.map((t) => t.name), ...theirs.keys()]);
  for (const name of names) {
    const mine = tables.find((t) => t.name === name)?.columns;
    const where = !mine
      ? 'only in PostgreSQL'
      : !theirs.has(name)
        ? 'only in SQLite'
        : 'not the same columns';
    if (shape(name, mine) !== shape(name, theirs.get(name)))
      throw new Error(`the table ${name} differs (${where}): are SQLite and PostgreSQL of this version?`);
  }
}

/**
 * Locks every table against other writers until the copy commits (a server started meanwhile
 * waits), and refuses a target that holds any row: only an empty database is filled.
 */
async function lockEmpty(trx: Transaction<Database>, tables: readonly Table[]): Promise<void> {
  const names = sql.join(tables.map((t) => sql.table(t.name)));
  await sql`lock table ${names} in share row exclusive mode`.execute(trx);
  const held: string[] = [];
  for (const { name } of tables) {
    const n = await count(trx, name);
    if (n > 0) held.push(`${name}: ${n}`);
  }
  if (held.length > 0)
    throw new Error(
      `the PostgreSQL database is not empty (${held.join(', ')}): copy into a new, empty database, one no server has started on`,
    );
}

/** Copies every row of `table`, a few thousand values at a time; the number of rows. */
async function copyTable(sqlite: SQLite.Database, trx: Transaction<Database>, table: Table): Promise<number> {
  const perInsert = Math.max(1, Math.floor(VALUES_PER_INSERT / table.columns.length));
  const list = table.columns.map((c) => `"${c}"`).join(', ');
  const page = sqlite.prepare(
    `select rowid, ${list} from "${table.name}" where rowid > ? order by rowid limit ?`,
  );
  page.raw(true);
  const columns = sql.join(table.columns.map((c) => sql.ref(c)));
  let after = Number.MIN_SAFE_INTEGER;
  let copied = 0;
  for (;;) {
    const rows = page.all(after, perInsert) as unknown[][];
    if (rows.length === 0) return copied;
    after = rows.at(-1)![0] as number;
    const values = sql.join(rows.map((r) => sql`(${sql.join(r.slice(1))})`));
    await sql`insert into ${sql.table(table.name)} (${columns}) values ${values}`.execute(trx);
    copied += rows.length;
  }
}

/** A column fed by a sequence (none today) goes on from the largest value copied. */
async function resetSequences(trx: Transaction<Database>): Promise<void> {
  const { rows } = await sql<{ table_name: string; column_name: string; sequence: string }>`
    select table_name, column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) as sequence
    from information_schema.columns where table_schema = current_schema()
    and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`.execute(trx);
  for (const r of rows)
    await sql`select setval(${r.sequence}, coalesce(max(${sql.ref(r.column_name)}), 0) + 1, false)
      from ${sql.table(r.table_name)}`.execute(trx);
}

// ---------------------------------------------------------------------------------------------
// The checks

const count = async (db: Kysely<Database>, table: string): Promise<number> =>
  Number((await sql<{ n: unknown }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]!.n);

/** Every table holds as many rows in the target as in the source. */
async function checkCounts(
  sqlite: SQLite.Database,
  trx: Transaction<Database>,
  tables: readonly Table[],
): Promise<void> {
  for (const { name } of tables) {
    const theirs = await count(trx, name);
    const mine = sqlite.prepare(`select count(*) from "${name}"`).pluck().get() as number;
    if (theirs !== mine) throw new Error(`the table ${name} holds ${theirs} rows in PostgreSQL, not ${mine}`);
  }
}

/**
 * Every game of the target, a page at a time: its row and moves equal to the source's, and its
 * moves legal from its rules, reaching its stored status and winner. The number of games.
 */
async function checkGames(sqlite: SQLite.Database, trx: Transaction<Database>): Promise<number> {
  const sourceGame = sqlite.prepare('select * from games where id = ?');
  const sourceMoves = sqlite.prepare('select * from moves where game_id = ? order by ply');
  let after = '';
  let checked = 0;
  for (;;) {
    const rows = await trx
      .selectFrom('games')
      .selectAll()
      .where('id', '>', after)
      .orderBy('id')
      .limit(GAMES_PER_PAGE)
      .execute();
    if (rows.length === 0) return checked;
    after = rows.at(-1)!.id;
    const moves = await trx
      .selectFrom('moves')
      .selectAll()
      .where(
        'game_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('game_id')
      .orderBy('ply')
      .execute();
    const byGame = new Map<string, MoveRow[]>();
    for (const m of moves.map(moveFromDb)) {
      const list = byGame.get(m.gameId);
      if (list) list.push(m);
      else byGame.set(m.gameId, [m]);
    }
    for (const r of rows) {
      const game = gameFromDb(r);
      const gameMoves = byGame.get(game.id) ?? [];
      const original = sourceGame.get(game.id) as GamesTable | undefined;
      if (!original || !isDeepStrictEqual(gameFromDb(original), game))
        throw new Error(`game ${game.id} differs between SQLite and PostgreSQL`);
      if (!isDeepStrictEqual((sourceMoves.all(game.id) as MovesTable[]).map(moveFromDb), gameMoves))
        throw new Error(`the moves of game ${game.id} differ between SQLite and PostgreSQL`);
      const problem = replayProblem(game, gameMoves);
      if (problem) throw new Error(`game ${game.id} does not replay: ${problem}`);
      checked++;
    }
  }
}

/** Why a game's moves do not lead to its row (its ply, its status and winner), or undefined. */
export function replayProblem(row: GameRow, moves: readonly MoveRow[]): string | undefined {
  const rules = rulesOfRow(row);
  if (!rules) return 'its rules cannot be read';
  const start = positionFromOtn(rules);
  if (!start.ok) return `its rules' start is not valid: ${start.message}`;
  const pos = start.value;
  for (const [i, m] of moves.entries()) {
    if (m.ply !== i + 1) return `its move ${i + 1} is numbered ${m.ply}`;
    const played = playMoveRecord(pos, m.move);
    if (!played.ok) return `its move ${m.ply} (${m.move}) is not legal: ${played.message}`;
  }
  if (moves.length !== row.ply) return `it is at move ${row.ply} with ${moves.length} moves`;
  const result = ruleResult(pos);
  if (result && (row.status !== 'ended' || row.winner !== result.winner || row.reason !== result.reason))
    return `its moves end it (${result.winner}, ${result.reason}) but it is ${row.status} (${row.winner}, ${row.reason})`;
  if (!result && row.status === 'ended' && (END_REASONS as readonly (string | null)[]).includes(row.reason))
    return `it ended by the rules (${row.reason}), but its moves do not end it`;
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// The command

/**
 * A database URL as it may be shown: no user name, no password (nor a `password` parameter).
 * Not parsed as a WHATWG URL, which refuses the socket form `postgres://tafl@/tafl?host=/run/...`.
 */
function shownUrl(databaseUrl: string): string {
  return databaseUrl
    .replace(/^(postgres(?:ql)?:\/\/)[^@/?#]*@/, '$1')
    .replace(/([?&]password=)[^&#]*/gi, '$1...');
}

const USAGE =
  'usage: copy-to-postgres --from DATA_DIR|BACKUP_FILE [--to postgres://...] (default: DATABASE_URL)';

/** `--from X --to Y` (or `--from=X`); a sentence when they are not right. */
function parseArgs(args: readonly string[]): { from?: string; to?: string } | string {
  const found: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i]!.split(/=(.*)/s, 2) as [string, string | undefined];
    if (flag !== '--from' && flag !== '--to')
      return `unknown argument ${JSON.stringify(args[i]!.slice(0, 40))}`;
    const value = inline ?? args[++i];
    if (value === undefined || value === '') return `${flag} needs a value`;
    if (found[flag] !== undefined) return `${flag} is given twice`;
    found[flag] = value;
  }
  return {
    ...(found['--from'] ? { from: found['--from'] } : {}),
    ...(found['--to'] ? { to: found['--to'] } : {}),
  };
}

/** The `copy-to-postgres` command: its exit code. */
export async function copyCommand(args: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const say = (message: string): void => void process.stderr.write(`tafl copy-to-postgres: ${message}\n`);
  const parsed = parseArgs(args);
  if (typeof parsed === 'string' || parsed.from === undefined) {
    say(typeof parsed === 'string' ? `${parsed}\n${USAGE}` : USAGE);
    return 2;
  }
  const to = parsed.to ?? env.DATABASE_URL;
  if (!to || !/^postgres(ql)?:\/\//.test(to)) {
    say(`the target is a postgres:// URL, given by --to or DATABASE_URL\n${USAGE}`);
    return 2;
  }
  try {
    const done = await copyToPostgres(parsed.from, to);
    const rows = done.tables.map(([name, n]) => `${name} ${n}`).join(', ');
    process.stdout.write(
      `copied ${resolve(parsed.from)} to ${done.target} in ${done.ms} ms: ${rows}\n` +
        `checked: every table's rows counted, ${done.games} games equal to the source's and replayed with their rules\n`,
    );
    return 0;
  } catch (e) {
    say(e instanceof Error ? e.message : String(e));
    return 1;
  }
}
