/**
 * PostgreSQL's backup and the way back, as docs/deploy.md gives them: `pg_dump -Fc` of the
 * database while a server plays games over real WebSockets, then `pg_restore` into a new,
 * empty database (`createdb`) and, the servers stopped, `pg_restore --clean --if-exists` over
 * the original; a server started on either has every move confirmed before the dump began,
 * nothing that was never played, and the games go on. deploy/tafl-pg-backup.service's commands,
 * as systemd runs them (units.ts), write a whole dump into a backups folder they make, keep two
 * weeks of them, and are skipped, not failed, on SQLite. Runs when TAFL_TEST_PG is set.
 */

import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { presetById, playMoveRecord, startingPosition } from '@tafl/core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  openGames,
  fetchGame,
  freshDatabase,
  playRandomly,
  startServer,
  tempDir,
  createGame,
  type PlayedGame,
  type ServerProcess,
} from './harness.js';
import { runUnit } from './units.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const running: ServerProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  await Promise.all(running.map((s) => s.kill()));
  for (const cleanup of cleanups) await cleanup();
});

/** A PostgreSQL client program: on the PATH, else the newest /usr/lib/postgresql/N/bin. */
function pgTool(name: string): string {
  try {
    const found = execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
    if (found) return found;
  } catch {
    // not on the PATH
  }
  const versions = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a))
    : [];
  const bin = versions.map((v) => `/usr/lib/postgresql/${v}/bin/${name}`).find((p) => existsSync(p));
  if (!bin) throw new Error(`${name} is not installed (Debian: postgresql-client)`);
  return bin;
}

/** Runs a PostgreSQL tool; its exit code and what it wrote to stderr. */
function run(name: string, args: readonly string[]): Promise<{ code: number | null; err: string }> {
  const child = spawn(pgTool(name), args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, err }));
  });
}

/** Checks a server on a restored database against the games as they were played. */
async function checkRestored(
  server: ServerProcess,
  games: readonly PlayedGame[],
  before: readonly (readonly string[])[],
  after: readonly number[],
  played: readonly (readonly string[])[],
): Promise<number> {
  let moves = 0;
  for (const [i, game] of games.entries()) {
    const stored = await fetchGame(server.url, game.id);
    // Everything confirmed before the dump began; then only moves that were really played.
    expect(stored.moves.slice(0, before[i]!.length)).toEqual(before[i]);
    // Nothing confirmed after the dump ended (the moves played since are not in it).
    expect(stored.moves.length).toBeLessThanOrEqual(after[i]!);
    expect(played[i]!.slice(0, stored.moves.length)).toEqual(stored.moves);
    moves += stored.moves.length;
  }
  return moves;
}

describe.runIf(process.env.TAFL_TEST_PG)('pg_dump while games go on, and pg_restore', () => {
  it('has every move confirmed before the dump began, and servers started on it play on', async () => {
    const original = await freshDatabase('postgres');
    cleanups.push(original.remove);
    const url = original.setup.databaseUrl!;
    const server = await startServer(original.setup);
    running.push(server);
    const games = await openGames(server.url, 10);
    let stopped = false;
    const players = Promise.all(games.map((g) => playRandomly(server.ws, g, () => stopped)));
    while (games.some((g) => g.confirmed.length < 4)) await new Promise((r) => setTimeout(r, 20));

    // Mid-play: what was confirmed when the dump began must all be in it.
    const before = games.map((g) => [...g.confirmed]);
    const folder = tempDir();
    cleanups.push(folder.remove);
    const file = join(folder.dir, 'tafl.dump');
    const dumped = await run('pg_dump', ['-Fc', '-f', file, url]);
    const after = games.map((g) => g.confirmed.length);
    expect(dumped.err).toBe('');
    expect(dumped.code).toBe(0);
    // The games really went on while it was taken (and after).
    while (games.some((g, i) => g.confirmed.length < after[i]! + 2 && !g.pos.isOver()))
      await new Promise((r) => setTimeout(r, 20));
    stopped = true;
    await players;
    await server.stop();
    const played = games.map((g) => [...g.confirmed]);

    // Into a new, empty database (as `createdb` makes one).
    const copy = await freshDatabase('postgres');
    cleanups.push(copy.remove);
    const restored = await run('pg_restore', ['--no-owner', '-d', copy.setup.databaseUrl!, file]);
    expect(restored.err).toBe('');
    expect(restored.code).toBe(0);
    const onCopy = await startServer(copy.setup);
    running.push(onCopy);
    expect(await checkRestored(onCopy, games, before, after, played)).toBeGreaterThanOrEqual(40);
    await onCopy.stop();

    // Over the original, its servers stopped (the way back after a loss).
    const over = await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '-d', url, file]);
    expect(over.err).toBe('');
    expect(over.code).toBe(0);
    const back = await startServer(original.setup);
    running.push(back);
    await checkRestored(back, games, before, after, played);
    for (const game of games) {
      const stored = await fetchGame(back.url, game.id);
      // The games go on from where the dump has them.
      const pos = startingPosition(presetById('brandub-fr')!);
      for (const move of stored.moves) expect(playMoveRecord(pos, move).ok).toBe(true);
      game.pos = pos;
      game.confirmed.splice(stored.moves.length);
    }
    const target = games.map((g) => g.confirmed.length + 2);
    await Promise.all(games.map((g, i) => playRandomly(back.ws, g, () => g.confirmed.length >= target[i]!)));
    for (const game of games) expect((await fetchGame(back.url, game.id)).moves).toEqual(game.confirmed);
    expect(games.every((g, i) => g.pos.isOver() || g.confirmed.length >= target[i]!)).toBe(true);
  });
});

describe.runIf(process.env.TAFL_TEST_PG)('deploy/tafl-pg-backup.service', () => {
  /** The unit's paths moved: its state directory (the backups under it). */
  const paths = (state: string) => [['/var/lib/tafl', state, 6]] as const;

  it('writes a whole dump into a folder it makes, keeps two weeks of them, and pg_restore takes it', async () => {
    const database = await freshDatabase('postgres');
    cleanups.push(database.remove);
    const server = await startServer(database.setup);
    running.push(server);
    const game = await createGame(server.url);
    const state = tempDir();
    cleanups.push(state.remove);
    const backups = join(state.dir, 'backups');
    const unit = () =>
      runUnit('tafl-pg-backup.service', {
        cwd: state.dir,
        env: { DATABASE_URL: database.setup.databaseUrl! },
        paths: paths(state.dir),
        bin: [dirname(pgTool('pg_dump'))],
      });
    const first = unit();
    expect(first.ran).toBe(true);
    expect(first.output).toMatch(/^backup written: .*\/backups\/tafl-\d{8}T\d{6}Z\.dump\n$/);
    // Dumps of earlier nights: one older than two weeks (and a partial one a failure left), one of yesterday.
    const day = 86_400_000;
    for (const [name, days] of [
      ['tafl-20000101T033000Z.dump', 20],
      ['tafl-20000101T033000Z.dump.partial', 20],
      ['tafl-20000102T033000Z.dump', 1],
    ] as const) {
      writeFileSync(join(backups, name), '');
      utimesSync(join(backups, name), new Date(Date.now() - days * day), new Date(Date.now() - days * day));
    }
    await new Promise((r) => setTimeout(r, 1100)); // a name of another second
    unit();
    const kept = readdirSync(backups).sort();
    expect(kept).toHaveLength(3);
    expect(kept[0]).toBe('tafl-20000102T033000Z.dump');
    expect(kept.filter((name) => name.endsWith('.partial'))).toEqual([]);
    // Only the service's user may read them (UMask=0077).
    expect(statSync(join(backups, kept[2]!)).mode & 0o777).toBe(0o600);
    await server.stop();

    // The way back, as the guide gives it: into a new database, and a server on it has the game.
    const copy = await freshDatabase('postgres');
    cleanups.push(copy.remove);
    const restored = await run('pg_restore', [
      '--no-owner',
      '-d',
      copy.setup.databaseUrl!,
      join(backups, kept[2]!),
    ]);
    expect(restored).toEqual({ code: 0, err: '' });
    const onCopy = await startServer(copy.setup);
    running.push(onCopy);
    expect((await fetchGame(onCopy.url, game.game.id)).id).toBe(game.game.id);
  });

  it('is skipped, not failed, on SQLite (no DATABASE_URL), saying which timer backs it up', () => {
    const state = tempDir();
    cleanups.push(state.remove);
    const run = runUnit('tafl-pg-backup.service', {
      cwd: ROOT,
      env: { DATA_DIR: state.dir },
      paths: paths(state.dir),
    });
    expect(run).toEqual({
      ran: false,
      output: 'DATABASE_URL is not set: SQLite is backed up by tafl-backup.timer\n',
    });
    expect(readdirSync(state.dir)).toEqual([]);
  });
});
