/**
 * `backup FILE` copies the SQLite database while a server plays games over real WebSockets; a
 * new server started on the restored copy has every move confirmed before the backup began,
 * nothing that was never played, and the games go on. deploy/tafl-backup.service's commands, as
 * systemd runs them (units.ts), write a copy into a backups folder they make and keep two weeks;
 * on PostgreSQL the unit is skipped, not failed.
 */

import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { playMoveRecord, presetById, startingPosition } from '@tafl/core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  openGames,
  fetchGame,
  playRandomly as play,
  startServer,
  tempDir,
  createGame,
  type ServerProcess,
} from './harness.js';
import { runUnit } from './units.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const running: ServerProcess[] = [];
const dirs: { remove: () => void }[] = [];
afterAll(async () => {
  await Promise.all(running.map((s) => s.kill()));
  dirs.forEach((d) => d.remove());
});

function dir(): string {
  const made = tempDir();
  dirs.push(made);
  return made.dir;
}

/** Runs `main.js backup ...args` on `dataDir`: exit code and output. */
function backup(
  dataDir: string,
  ...args: string[]
): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [join(ROOT, 'packages/server/dist/main.js'), 'backup', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out, err })));
}

describe('backup of the SQLite database while games go on', () => {
  it('has every move confirmed before it began, and a server started on it plays on', async () => {
    const data = dir();
    const server = await startServer({ dataDir: data });
    running.push(server);
    const games = await openGames(server.url, 10);
    let stopped = false;
    const players = Promise.all(games.map((g) => play(server.ws, g, () => stopped)));
    while (games.some((g) => g.confirmed.length < 4)) await new Promise((r) => setTimeout(r, 20));

    // Mid-play: what was confirmed when the backup began must all be in it.
    const before = games.map((g) => [...g.confirmed]);
    const file = join(dir(), 'tafl-backup.sqlite');
    const taken = await backup(data, file);
    const after = games.map((g) => g.confirmed.length);
    expect(taken.err).toBe('');
    expect(taken.code).toBe(0);
    expect(taken.out).toMatch(
      /^backup written: .*tafl-backup\.sqlite \(10 games, \d+ moves, \d+ KiB, \d+ ms\)\n$/,
    );
    // The games really went on while it was taken (and after).
    while (games.some((g, i) => g.confirmed.length < after[i]! + 2 && !g.pos.isOver()))
      await new Promise((r) => setTimeout(r, 20));
    stopped = true;
    await players;
    await server.stop();
    // One file, no WAL beside it; a second backup to the same name is refused.
    expect(readdirSync(join(file, '..'))).toEqual(['tafl-backup.sqlite']);
    const again = await backup(data, file);
    expect(again.code).toBe(1);
    expect(again.err).toBe(`tafl backup: ${file} exists already; a backup never overwrites a file\n`);

    // Restore: the copy as a data folder's database, and a server on it.
    const restoredDir = dir();
    copyFileSync(file, join(restoredDir, 'tafl.sqlite'));
    expect(existsSync(join(restoredDir, 'tafl.sqlite-wal'))).toBe(false);
    const restored = await startServer({ dataDir: restoredDir });
    running.push(restored);
    let played = 0;
    for (const [i, game] of games.entries()) {
      const stored = await fetchGame(restored.url, game.id);
      // Everything confirmed before the backup began; then only moves that were really played.
      expect(stored.moves.slice(0, before[i]!.length)).toEqual(before[i]);
      expect(game.confirmed.slice(0, stored.moves.length)).toEqual(stored.moves);
      played += stored.moves.length;
      // The games go on from where the copy has them.
      const pos = startingPosition(presetById('brandub-fr')!);
      for (const move of stored.moves) expect(playMoveRecord(pos, move).ok).toBe(true);
      game.pos = pos;
      game.confirmed.splice(stored.moves.length);
    }
    expect(played).toBeGreaterThanOrEqual(40);
    const target = games.map((g) => g.confirmed.length + 2);
    await Promise.all(games.map((g, i) => play(restored.ws, g, () => g.confirmed.length >= target[i]!)));
    for (const game of games) {
      const stored = await fetchGame(restored.url, game.id);
      expect(stored.moves).toEqual(game.confirmed);
    }
    expect(games.every((g, i) => g.pos.isOver() || g.confirmed.length >= target[i]!)).toBe(true);
  });
});

describe('deploy/tafl-backup.service', () => {
  /** The unit's paths moved: its state directory, and the release it runs (this repository). */
  const paths = (state: string) =>
    [
      ['/var/lib/tafl', state, 6],
      ['/opt/tafl/current', ROOT, 2],
    ] as const;

  it('writes a checked copy into a folder it makes, and keeps two weeks of them', async () => {
    const state = dir();
    const server = await startServer({ dataDir: state });
    running.push(server);
    const game = await createGame(server.url);
    const backups = join(state, 'backups');
    // Copies of earlier nights: one older than two weeks, one of yesterday.
    const day = 86_400_000;
    const old = (name: string, days: number): void => {
      const file = join(backups, name);
      writeFileSync(file, '');
      utimesSync(file, new Date(Date.now() - days * day), new Date(Date.now() - days * day));
    };
    expect(existsSync(backups)).toBe(false);
    const first = runUnit('tafl-backup.service', {
      cwd: ROOT,
      env: { DATA_DIR: state },
      paths: paths(state),
    });
    expect(first.ran).toBe(true);
    expect(first.output).toMatch(
      /^backup written: .*\/backups\/tafl-\d{8}T\d{6}Z\.sqlite \(1 games?, 0 moves, /m,
    );
    old('tafl-20000101T033000Z.sqlite', 20);
    old('tafl-20000102T033000Z.sqlite', 1);
    await new Promise((r) => setTimeout(r, 1100)); // a name of another second
    runUnit('tafl-backup.service', { cwd: ROOT, env: { DATA_DIR: state }, paths: paths(state) });
    const kept = readdirSync(backups).sort();
    expect(kept).toHaveLength(3);
    expect(kept[0]).toBe('tafl-20000102T033000Z.sqlite');
    // Only the service's user may read them (UMask=0077).
    expect(statSync(join(backups, kept[2]!)).mode & 0o777).toBe(0o600);
    await server.stop();

    // The copy is the database: a server on it has the game.
    const restored = dir();
    copyFileSync(join(backups, kept[2]!), join(restored, 'tafl.sqlite'));
    const onCopy = await startServer({ dataDir: restored });
    running.push(onCopy);
    expect((await fetchGame(onCopy.url, game.game.id)).id).toBe(game.game.id);
  });

  it('is skipped, not failed, on PostgreSQL (DATABASE_URL set), saying which timer backs it up', () => {
    const state = dir();
    const run = runUnit('tafl-backup.service', {
      cwd: ROOT,
      env: { DATA_DIR: state, DATABASE_URL: 'postgres://tafl@/tafl?host=/var/run/postgresql' },
      paths: paths(state),
    });
    expect(run).toEqual({
      ran: false,
      output: 'DATABASE_URL is set: PostgreSQL is backed up by tafl-pg-backup.timer\n',
    });
    expect(readdirSync(state)).toEqual([]);
  });
});
