/**
 * `node packages/server/dist/main.js backup FILE` (from the repository: `npm start -- backup
 * FILE`): writes a consistent copy of the SQLite database of DATA_DIR (default ./data) to FILE
 * while the server runs and games go on.
 *
 * It runs as a process of its own, beside the server: it opens the same database file and
 * copies it with SQLite's online backup API (better-sqlite3's `backup`). In WAL mode a reader
 * never blocks the server's writes nor waits for them, and the copy is the database as it was
 * at one commit: every move confirmed before the backup began is in it. The copy is written to
 * `FILE.part-PID`, checked (`integrity_check`), made a single self-contained file (rollback
 * journal, no -wal beside it) and only then renamed to FILE; an existing FILE is never
 * overwritten.
 *
 * The way back: stop the server, put the copy in place as `DATA_DIR/tafl.sqlite` (removing any
 * `tafl.sqlite-wal` and `tafl.sqlite-shm` left beside the old one), start the server.
 * PostgreSQL has its own tools: `pg_dump` and `pg_restore` (docs/deploy.md, "Backups, and the way back").
 */

import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';

export interface BackupResult {
  readonly file: string;
  readonly games: number;
  readonly moves: number;
  readonly bytes: number;
  readonly ms: number;
}

/** Copies `<dataDir>/tafl.sqlite` to `target`; throws with one sentence when it cannot. */
export async function backupSqlite(dataDir: string, target: string): Promise<BackupResult> {
  const started = performance.now();
  const source = join(dataDir, 'tafl.sqlite');
  const file = resolve(target);
  if (!existsSync(source)) throw new Error(`there is no database at ${resolve(source)} (DATA_DIR)`);
  if (existsSync(file)) throw new Error(`${file} exists already; a backup never overwrites a file`);
  const part = `${file}.part-${process.pid}`;
  // Read-write, though it only reads: a read-only connection to a WAL database needs the server's
  // shared-memory file to be writable anyway, and fails in more ways.
  const db = new SQLite(source, { fileMustExist: true, timeout: 10_000 });
  try {
    // The first step copies 100 pages; every later one all that remain, in one read transaction:
    // a write by the server between steps would otherwise restart the copy, again and again
    // under load.
    await db.backup(part, { progress: ({ totalPages }) => Math.max(100, totalPages) });
  } catch (e) {
    rmSync(part, { force: true });
    throw e;
  } finally {
    db.close();
  }
  try {
    const copy = new SQLite(part, { fileMustExist: true });
    let games: number;
    let moves: number;
    try {
      const check: unknown = copy.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new Error(`the copy failed its integrity check (${String(check)})`);
      // One file to keep and restore: no WAL beside it (the server sets WAL again when it opens).
      copy.pragma('journal_mode = DELETE');
      games = (copy.prepare('select count(*) as n from games').get() as { n: number }).n;
      moves = (copy.prepare('select count(*) as n from moves').get() as { n: number }).n;
    } finally {
      copy.close();
    }
    renameSync(part, file);
    return { file, games, moves, bytes: statSync(file).size, ms: Math.round(performance.now() - started) };
  } catch (e) {
    rmSync(part, { force: true });
    throw e;
  }
}

/** The `backup` command: its exit code. */
export async function backupCommand(args: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const say = (message: string): void => void process.stderr.write(`tafl backup: ${message}\n`);
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    say('usage: backup FILE (copies the SQLite database of DATA_DIR, default ./data, to FILE)');
    return 2;
  }
  if (env.DATABASE_URL) {
    say('the games are in PostgreSQL (DATABASE_URL): back them up with pg_dump');
    return 2;
  }
  try {
    const done = await backupSqlite(env.DATA_DIR ?? 'data', args[0]!);
    process.stdout.write(
      `backup written: ${done.file} (${done.games} games, ${done.moves} moves, ${Math.ceil(done.bytes / 1024)} KiB, ${done.ms} ms)\n`,
    );
    return 0;
  } catch (e) {
    say(e instanceof Error ? e.message : String(e));
    return 1;
  }
}
